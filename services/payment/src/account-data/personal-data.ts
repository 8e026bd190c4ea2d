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
      name: 'order_lines',
      table: orderLines,
      where: (p) => sql`${orderLines.orderId} ${ofOwnOrder(p)}`,
      erase: 'keep',
    },
    {
      name: 'invoices',
      table: invoices,
      where: (p) => sql`${invoices.orderId} ${ofOwnOrder(p)}`,
      erase: 'keep',
    },
    {
      name: 'test_checkout_sessions',
      table: testCheckoutSessions,
      where: (p) => sameEmail(testCheckoutSessions.customerEmail, p),
      erase: (p) => ({ customerEmail: erasedEmail(p) }),
    },
    {
      name: 'coupon_redemptions',
      table: couponRedemptions,
      where: (p) => sameEmail(couponRedemptions.accountEmail, p),
      erase: (p) => ({ accountEmail: erasedEmail(p) }),
    },
    {
      name: 'owned_products',
      table: ownedProducts,
      where: (p) => sameEmail(ownedProducts.accountEmail, p),
      erase: 'delete',
    },
    {
      name: 'orders',
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
    {
      name: 'revenue_share_dues',
      table: revenueShareDues,
      where: (p) => eq(revenueShareDues.userId, p.userId),
      erase: () => ({ firstName: ERASED_NAME, lastName: ERASED_NAME }),
    },
    rowsOfUser('share_collections', shareCollections, shareCollections.userId, 'keep'),
    rowsOfUser('saved_cards', savedCards, savedCards.userId),
    rowsOfUser('card_setups', cardSetups, cardSetups.userId),
    rowsOfUser('saved_card_changes', savedCardChanges, savedCardChanges.userId),
  ],
};
