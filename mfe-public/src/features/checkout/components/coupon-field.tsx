/**
 * The checkout's coupon code (docs/behaviour/checkout-and-payments.md#coupons): typed, applied with the
 * button or Enter, checked by the server. An applied code shows with a way to remove it; a refused one
 * shows the server's message under the field and is not used.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { Button, Input, Label } from '@platform/ui';
import { LoaderCircleIcon, TagIcon, XIcon } from 'lucide-react';

type CouponFieldProps = {
  /** The code being checked or in use; null without one. */
  applied: string | null;
  isChecking: boolean;
  /** The server's refusal of the applied code, or a failure to check it. */
  error: string | null;
  onApply: (code: string) => void;
  onRemove: () => void;
  disabled: boolean;
};

export function CouponField({ applied, isChecking, error, onApply, onRemove, disabled }: CouponFieldProps) {
  const id = useId();
  const [text, setText] = useState(applied ?? '');
  const apply = () => {
    const code = text.trim();
    if (code) onApply(code.toUpperCase());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter applies the code; it must not submit the purchase.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    apply();
  };

  if (applied && !error && !isChecking) {
    return (
      <div
        className="flex items-center justify-between gap-3 rounded-md border border-border px-3 py-2 text-sm"
        data-testid="coupon-applied"
      >
        <span className="flex min-w-0 items-center gap-2">
          <TagIcon className="size-4 shrink-0 text-success" aria-hidden="true" />
          <span className="min-w-0 [overflow-wrap:anywhere]">
            <strong>{applied}</strong> applied
          </span>
        </span>
        <Button type="button" variant="ghost" size="sm" onClick={onRemove} disabled={disabled}>
          <XIcon aria-hidden="true" />
          Remove<span className="sr-only"> code {applied}</span>
        </Button>
      </div>
    );
  }

  return (
    <div className="space-y-2">
      <Label htmlFor={id}>Coupon code</Label>
      <div className="flex min-w-0 gap-2">
        <Input
          id={id}
          name="couponCode"
          value={text}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="min-w-0 uppercase"
        />
        <Button
          type="button"
          variant="outline"
          onClick={apply}
          disabled={disabled || isChecking || !text.trim()}
        >
          {isChecking ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
          Apply
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
