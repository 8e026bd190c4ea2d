/** The Flexible Payments programme as the course service publishes it: $1,597 in three instalments. */
import type { CataloguePrice } from '@platform/contracts';

export const PLAN: CataloguePrice = {
  id: 'flexible-payments-program',
  name: 'Flexible Payments Program',
  price: 159_700,
  courseId: 1,
};
