/** The Flexible Payments programme as the course service publishes it: $1,597 in three instalments. */
import type { CataloguePrice } from '@platform/contracts';
import { CATALOGUE } from '../../__tests__/harness.js';

export const PLAN: CataloguePrice = {
  id: 'flexible-payments-program',
  name: 'Flexible Payments Program',
  price: 159_700,
  courseId: 1,
};

/** The harness's catalogue and the plan: what the suites about payment plans publish. */
export const CATALOGUE_WITH_PLAN: CataloguePrice[] = [...CATALOGUE, PLAN];
