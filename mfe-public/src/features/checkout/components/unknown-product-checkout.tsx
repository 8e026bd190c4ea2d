/** `/checkout?product=<id>` for a product the catalogue does not sell (a mistyped or outdated link). */
import { PackageXIcon } from 'lucide-react';
import { IconNoticePage } from '../../../components/icon-notice-page';

export function UnknownProductCheckout() {
  return (
    <IconNoticePage
      icon={PackageXIcon}
      title="Product not found"
      linkTo="/pricing"
      linkLabel="View Pricing"
      testId="unknown-product"
    >
      This link does not name anything we sell, or the offer has ended. Nothing has been charged. Please
      choose a program on the pricing page.
    </IconNoticePage>
  );
}
