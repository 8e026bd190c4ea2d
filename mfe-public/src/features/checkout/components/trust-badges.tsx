/**
 * The reassurance under the purchase button (the trust badges of
 * docs/behaviour/checkout-and-payments.md#checkout-page).
 */
import { BadgeCheckIcon, LockIcon, RotateCcwIcon, ShieldCheckIcon } from 'lucide-react';

const BADGES = [
  { icon: LockIcon, text: '256-bit SSL encrypted checkout' },
  { icon: ShieldCheckIcon, text: 'Card details handled by the payment provider, never stored here' },
  { icon: RotateCcwIcon, text: '30-day money-back guarantee' },
  { icon: BadgeCheckIcon, text: 'Instant access after purchase' },
];

export function TrustBadges() {
  return (
    <ul className="space-y-2 text-sm text-muted-foreground" aria-label="Secure checkout">
      {BADGES.map(({ icon: Icon, text }) => (
        <li key={text} className="flex items-start gap-2">
          <Icon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
          {text}
        </li>
      ))}
    </ul>
  );
}
