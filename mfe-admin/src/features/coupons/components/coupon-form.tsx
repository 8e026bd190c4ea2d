/**
 * The form that creates a coupon: code, a percentage or an amount off (dollars and cents as typed, the
 * one money input), which products, start and end, total uses and once per customer. The server's refusal
 * of a field shows under it; a duplicate code under the code.
 */
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  ApiError,
  FormField,
  Input,
  Label,
  MoneyInput,
  SubmitButton,
  TitledFormCard,
  fieldAria,
  showFieldIssues,
  toast,
} from '@platform/ui';
import { Checkbox } from '@platform/ui/checkbox';
import type { CouponList } from '@platform/contracts';
import { useCreateCoupon, useFindCreatedCoupon } from '../api/coupons';
import {
  COUPONS_COPY,
  COUPON_FIELDS,
  EMPTY_COUPON_FORM,
  toCouponRequest,
  type CouponField,
  type CouponFormValues,
} from '../lib/coupon-form';

export function CouponForm({ products }: { products: CouponList['products'] }) {
  const id = useId();
  const create = useCreateCoupon();
  const findCreated = useFindCreatedCoupon();
  const [values, setValues] = useState<CouponFormValues>(EMPTY_COUPON_FORM);
  const [errors, setErrors] = useState<Partial<Record<CouponField, string>>>({});
  const set = <K extends keyof CouponFormValues>(key: K, value: CouponFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const fieldId = (name: string) => `${id}-${name}`;
  /** A typed text field's id links, its value and its change handler. */
  const textInput = (name: 'percentOff' | 'startsAt' | 'endsAt' | 'maxRedemptions') => ({
    ...fieldAria(fieldId(name), errors[name]),
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(name, event.target.value),
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const read = toCouponRequest(values);
    if (!read.ok) {
      setErrors({ [read.field]: read.message });
      document.getElementById(fieldId(read.field))?.focus();
      return;
    }
    const created = async () => {
      try {
        return await create.mutateAsync(read.request);
      } catch (failure) {
        // Its answer lost (or, pressed again, refused as a code that exists): the list may hold it.
        const lost = !(failure instanceof ApiError) || failure.status === 409 || failure.status >= 500;
        const found = lost ? await findCreated(read.request) : null;
        if (found) return found;
        throw failure;
      }
    };
    try {
      const coupon = await created();
      toast({
        title: COUPONS_COPY.created,
        description: `${coupon.code} can be used now.`,
        variant: 'success',
      });
      setValues(EMPTY_COUPON_FORM);
      setErrors({});
    } catch (failure) {
      console.error('Creating the coupon failed:', failure);
      const shown: Partial<Record<CouponField, string>> = {};
      const onFields = showFieldIssues(failure, COUPON_FIELDS, (field, message) => {
        shown[field] = message;
      });
      if (onFields) {
        setErrors(shown);
        return;
      }
      const message = failure instanceof ApiError ? failure.serverMessage : null;
      // 409: the code exists already; said under the code.
      if (failure instanceof ApiError && failure.status === 409 && message) {
        setErrors({ code: message });
        document.getElementById(fieldId('code'))?.focus();
        return;
      }
      toast({ title: 'Error', description: message ?? COUPONS_COPY.createFailed, variant: 'destructive' });
    }
  };

  return (
    <TitledFormCard
      title="New coupon"
      className="lg:sticky lg:top-24"
      formLabel="New coupon"
      onSubmit={onSubmit}
      formClassName="grid gap-4"
    >
      <FormField
        id={fieldId('code')}
        label="Code"
        error={errors.code}
        hint="3 to 32 letters, digits, dashes or underscores."
      >
        <Input
          {...fieldAria(fieldId('code'), errors.code, `${fieldId('code')}-hint`)}
          value={values.code}
          onChange={(event) => set('code', event.target.value)}
          autoComplete="off"
          className="font-mono uppercase"
          maxLength={32}
        />
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Discount</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          {(['percent', 'amount'] as const).map((kind) => (
            <label key={kind} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={`${id}-kind`}
                value={kind}
                checked={values.kind === kind}
                onChange={() => set('kind', kind)}
                className="size-4 accent-primary"
              />
              {kind === 'percent' ? 'Percentage off' : 'Amount off'}
            </label>
          ))}
        </div>
        {values.kind === 'percent' ? (
          <FormField id={fieldId('percentOff')} label="Percent off" error={errors.percentOff}>
            <Input {...textInput('percentOff')} inputMode="numeric" />
          </FormField>
        ) : (
          <FormField id={fieldId('amountOff')} label="Amount off (USD)" error={errors.amountOff}>
            <MoneyInput
              {...fieldAria(fieldId('amountOff'), errors.amountOff)}
              value={values.amountOff}
              onValueChange={(text) => set('amountOff', text)}
            />
          </FormField>
        )}
      </fieldset>
      <fieldset className="grid gap-1">
        <legend className="mb-1 text-sm font-medium">Products (none ticked: every one-time product)</legend>
        {products.map((product) => {
          const box = fieldId(`product-${product.id}`);
          return (
            <div key={product.id} className="flex min-h-9 items-center gap-2">
              <Checkbox
                id={box}
                checked={values.productIds.includes(product.id)}
                onCheckedChange={(checked) =>
                  set(
                    'productIds',
                    checked === true
                      ? [...values.productIds, product.id]
                      : values.productIds.filter((entry) => entry !== product.id),
                  )
                }
              />
              <Label htmlFor={box} className="font-normal">
                {product.name}
              </Label>
            </div>
          );
        })}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        <FormField id={fieldId('startsAt')} label="Starts (optional)" error={errors.startsAt}>
          <Input {...textInput('startsAt')} type="datetime-local" />
        </FormField>
        <FormField id={fieldId('endsAt')} label="Ends (optional)" error={errors.endsAt}>
          <Input {...textInput('endsAt')} type="datetime-local" />
        </FormField>
      </div>
      <FormField id={fieldId('maxRedemptions')} label="Total uses (optional)" error={errors.maxRedemptions}>
        <Input {...textInput('maxRedemptions')} inputMode="numeric" />
      </FormField>
      <div className="flex min-h-9 items-center gap-2">
        <Checkbox
          id={fieldId('once')}
          checked={values.oncePerCustomer}
          onCheckedChange={(checked) => set('oncePerCustomer', checked === true)}
        />
        <Label htmlFor={fieldId('once')} className="font-normal">
          Once per customer
        </Label>
      </div>
      <SubmitButton busy={create.isPending} busyLabel="Creating…">
        Create coupon
      </SubmitButton>
    </TitledFormCard>
  );
}
