/** The memberships as the course service publishes them: subscriptions billed monthly, quarterly or yearly. */
import type { CataloguePrice } from '@platform/contracts';
import { CATALOGUE } from '../../__tests__/harness.js';

export const MEMBERSHIPS: CataloguePrice[] = [
  {
    id: 'membership-monthly',
    name: 'Monthly Membership',
    price: 2999,
    courseId: 1,
    interval: 'month',
    intervalCount: 1,
  },
  {
    id: 'membership-quarterly',
    name: 'Quarterly Membership',
    price: 7999,
    courseId: 1,
    interval: 'month',
    intervalCount: 3,
  },
  {
    id: 'membership-annual',
    name: 'Annual Membership',
    price: 29999,
    courseId: 1,
    interval: 'year',
    intervalCount: 1,
  },
];

/** The harness's catalogue and the memberships: what the suites about subscriptions publish. */
export const CATALOGUE_WITH_MEMBERSHIPS: CataloguePrice[] = [...CATALOGUE, ...MEMBERSHIPS];
