/** The checkout with nothing to buy (docs/behaviour/checkout-and-payments.md#checkout-page). */
import { ShoppingCartIcon } from 'lucide-react';
import { IconNoticePage } from '../../../components/icon-notice-page';

export function EmptyCheckout() {
  return (
    <IconNoticePage
      icon={ShoppingCartIcon}
      title="Your cart is empty"
      linkTo="/services"
      linkLabel="View Services"
    >
      Choose a service or the course before checking out.
    </IconNoticePage>
  );
}
