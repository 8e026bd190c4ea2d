/**
 * Credit Card or PayPal (docs/behaviour/checkout-and-payments.md#checkout-page): native radio buttons, so
 * arrows and Space work as everywhere.
 */
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TitledCard, cn } from '@platform/ui';
import { CreditCardIcon, WalletIcon } from 'lucide-react';
import type { PaymentMethod } from '../lib/checkout-lines';

type PaymentMethodFieldsetProps = {
  registration: UseFormRegisterReturn<'method'>;
  /** Names the provider behind each choice ('Stripe', 'PayPal' or the test page). */
  /** null: no provider takes this method here; undefined: not known yet. */
  cardProvider: 'test' | 'stripe' | null | undefined;
  walletProvider: 'test' | 'paypal' | null | undefined;
};

const OPTIONS: { value: PaymentMethod; label: string; icon: typeof CreditCardIcon }[] = [
  { value: 'card', label: 'Credit Card', icon: CreditCardIcon },
  { value: 'paypal', label: 'PayPal', icon: WalletIcon },
];

function describe(
  method: PaymentMethod,
  card: string | null | undefined,
  wallet: string | null | undefined,
): string {
  if ((method === 'card' ? card : wallet) === null) return 'Not available at the moment';
  if (method === 'card') {
    return card === 'test'
      ? 'Visa, Mastercard, American Express (test payment page)'
      : 'Visa, Mastercard, American Express through Stripe';
  }
  return wallet === 'test'
    ? 'Pay with your PayPal account (test payment page)'
    : 'Pay with your PayPal account';
}

export function PaymentMethodFieldset({
  registration,
  cardProvider,
  walletProvider,
}: PaymentMethodFieldsetProps) {
  return (
    <TitledCard title="Payment Method">
      <fieldset>
        <legend className="sr-only">Payment method</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {OPTIONS.map(({ value, label, icon: Icon }) => {
            const unavailable = (value === 'card' ? cardProvider : walletProvider) === null;
            return (
              <label
                key={value}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-lg border border-input p-4 transition-colors',
                  unavailable && 'cursor-not-allowed opacity-60',
                  'hover:bg-accent/50 has-checked:border-primary has-checked:bg-accent/40 has-checked:ring-1 has-checked:ring-primary',
                  'has-focus-visible:ring-2 has-focus-visible:ring-ring has-focus-visible:ring-offset-2 has-focus-visible:ring-offset-background',
                )}
              >
                <input
                  type="radio"
                  value={value}
                  className="mt-1 size-4 shrink-0 cursor-pointer accent-primary disabled:cursor-not-allowed"
                  {...registration}
                  disabled={unavailable}
                />
                <span className="min-w-0">
                  <span className="flex items-center gap-2 font-medium">
                    <Icon className="size-4" aria-hidden="true" />
                    {label}
                  </span>
                  <span className="mt-1 block text-sm text-muted-foreground">
                    {describe(value, cardProvider, walletProvider)}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
    </TitledCard>
  );
}
