/**
 * The billing form's fields (docs/behaviour/checkout-and-payments.md#checkout-page): labelled,
 * autofill-friendly, errors linked by ARIA.
 */
import type { UseFormReturn } from 'react-hook-form';
import { Input, Label, TitledCard, cn } from '@platform/ui';
import { COUNTRIES } from '../lib/countries';
import type { BillingField, CheckoutFormValues } from '../lib/validate-billing';

type FieldSpec = {
  name: Exclude<BillingField, 'country'>;
  label: string;
  autoComplete: string;
  type?: 'email' | 'text';
  inputMode?: 'email' | 'numeric' | 'text';
  className?: string;
};

const FIELDS: FieldSpec[] = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name' },
  {
    name: 'email',
    label: 'Email address',
    autoComplete: 'email',
    type: 'email',
    inputMode: 'email',
    className: 'sm:col-span-2',
  },
  { name: 'company', label: 'Company (optional)', autoComplete: 'organization' },
  { name: 'taxId', label: 'Tax ID for the invoice (optional)', autoComplete: 'off' },
  { name: 'address', label: 'Address', autoComplete: 'street-address', className: 'sm:col-span-2' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'State', autoComplete: 'address-level1' },
  { name: 'zip', label: 'ZIP code', autoComplete: 'postal-code' },
];

const fieldId = (name: BillingField) => `billing-${name}`;
const errorId = (name: BillingField) => `billing-${name}-error`;

export function BillingFields({
  form,
  isSignedIn,
}: {
  form: UseFormReturn<CheckoutFormValues>;
  /** A signed-in buyer's purchase goes to their account; only the receipt follows this address. */
  isSignedIn: boolean;
}) {
  const { errors } = form.formState;

  const field = (name: BillingField) => {
    const error = errors[name]?.message;
    return {
      id: fieldId(name),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? errorId(name) : undefined,
      // An edited field is no longer the one the toast pointed at.
      ...form.register(name, { onChange: () => error && form.clearErrors(name) }),
    };
  };

  const errorText = (name: BillingField) => {
    const error = errors[name]?.message;
    return error ? (
      <p id={errorId(name)} className="text-sm font-medium text-destructive">
        {error}
      </p>
    ) : null;
  };

  return (
    <TitledCard
      title="Billing Information"
      description={
        isSignedIn
          ? 'Your receipt goes to this e-mail address.'
          : 'Your receipt and course access go to this e-mail address.'
      }
      contentClassName="grid gap-4 sm:grid-cols-2"
    >
      {FIELDS.map((spec) => (
        <div key={spec.name} className={cn('space-y-2', spec.className)}>
          <Label htmlFor={fieldId(spec.name)}>{spec.label}</Label>
          <Input
            type={spec.type ?? 'text'}
            inputMode={spec.inputMode}
            autoComplete={spec.autoComplete}
            {...field(spec.name)}
          />
          {errorText(spec.name)}
        </div>
      ))}
      <div className="space-y-2">
        <Label htmlFor={fieldId('country')}>Country</Label>
        <select
          autoComplete="country"
          className={cn(
            'flex h-10 w-full cursor-pointer rounded-md border border-input bg-background px-3 py-2 text-base text-foreground shadow-xs md:text-sm',
            'outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
            'aria-invalid:border-destructive',
          )}
          {...field('country')}
        >
          {COUNTRIES.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
        {errorText('country')}
      </div>
    </TitledCard>
  );
}
