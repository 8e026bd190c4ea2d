/**
 * Which of payment's tables hold a person's data (docs/decisions.md, 102–103). Orders, their invoices,
 * coupon redemptions, the shares they paid and the test provider's sessions are kept for the books with the
 * name and address overwritten, so every total stays as it was; the card on file, its set-ups, its change
 * counter and the products owned by the address go.
 */
import { eq, or, sql } from 'drizzle-orm';
import {
  ERASED_NAME,
  erasedEmail,
  rowsOfUser,
  sameEmail,
  type PersonalDataPlan,
  type Person,
} from '@platform/service-kit/personal-data';
import {
  cardSetups,
  couponRedemptions,
  invoices,
  orderLines,
  orders,
  ownedProducts,
  revenueShareDues,
  savedCardChanges,
  savedCards,
  shareCollections,
  testCheckoutSessions,
} from '../db/schema.js';

const ownOrder = (p: Person) =>
  or(
    eq(orders.placedByUserId, p.userId),
    sameEmail(orders.customerEmail, p),
    sameEmail(orders.accountEmail, p),
  );
const ofOwnOrder = (p: Person) => sql`in (select ${orders.id} from ${orders} where ${ownOrder(p)})`;

export const paymentPersonalData: PersonalDataPlan = {
  erasedOn: 'auth.account.deleted',
  tables: [
    {
      table: orderLines,
      where: (p) => sql`${orderLines.orderId} ${ofOwnOrder(p)}`,
      erase: 'keep',
    },
    {
      table: invoices,
      where: (p) => sql`${invoices.orderId} ${ofOwnOrder(p)}`,
      erase: 'keep',
    },
    {
      table: testCheckoutSessions,
      where: (p) => sameEmail(testCheckoutSessions.customerEmail, p),
      erase: (p) => ({ customerEmail: erasedEmail(p) }),
    },
    {
      table: couponRedemptions,
      where: (p) => sameEmail(couponRedemptions.accountEmail, p),
      erase: (p) => ({ accountEmail: erasedEmail(p) }),
    },
    {
      table: ownedProducts,
      where: (p) => sameEmail(ownedProducts.accountEmail, p),
      erase: 'delete',
    },
    {
      table: orders,
      where: ownOrder,
      erase: (p) => ({
        customerEmail: erasedEmail(p),
        customerFirstName: ERASED_NAME,
        customerLastName: ERASED_NAME,
        billingInfo: null,
        accountEmail: sql`case when ${orders.accountEmail} is null then null else ${erasedEmail(p)} end`,
      }),
    },
    rowsOfUser(revenueShareDues, () => ({ firstName: ERASED_NAME, lastName: ERASED_NAME })),
    rowsOfUser(shareCollections, 'keep'),
    rowsOfUser(savedCards),
    rowsOfUser(cardSetups),
    rowsOfUser(savedCardChanges),
  ],
};
