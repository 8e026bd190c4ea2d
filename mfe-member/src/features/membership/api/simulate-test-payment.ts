/**
 * 'Simulate Successful Payment' (docs/decisions.md, 23): a real purchase of the chosen
 * plan's product through the payment service, paid on the built-in test provider's page without showing
 * it. The button exists only while that provider is active (the test page exists only then), and the
 * money path it runs is the same one a real buyer's takes: order (priced by the server) → signed webhook
 * → fulfilment → `payment.order.paid` → auth grants membership.
 */
import type { BillingInfoInput, GrantCourseAccessResponse } from '@platform/contracts';
import { apiRequest } from '@platform/ui';

export type PayingMember = { firstName?: string | null; lastName?: string | null; email?: string | null };

/** The built-in test provider's checkout page for one session, as the checkout-session answer names it. */
const TEST_CHECKOUT_PAGE = /^\/api\/test-checkout\/[A-Za-z0-9_-]+$/;

/** The billing details of a test purchase: the member's name and e-mail, a placeholder address. */
export function getTestBilling(member: PayingMember): BillingInfoInput {
  return {
    firstName: member.firstName?.trim() || 'Member',
    lastName: member.lastName?.trim() || 'Member',
    email: member.email?.trim() ?? '',
    company: '',
    address: 'Test mode',
    city: 'Test mode',
    state: 'Test mode',
    zip: '00000',
    country: 'US',
  };
}

/**
 * Presses the test page's 'Pay (test mode)' without showing it: that button's form posts to the page's own
 * address + `/pay`, and the checkout-session answer (JSON) gives that address. Only ever the test
 * provider's page: a real provider's checkout is never paid from here.
 */
async function payOnTestPage(pageUrl: string): Promise<void> {
  if (!TEST_CHECKOUT_PAGE.test(pageUrl)) throw new Error(`Not the test provider's checkout: ${pageUrl}`);
  // The pay action answers with a redirect to the confirmation page, which this call has no use for.
  await apiRequest('POST', `${pageUrl}/pay`, undefined, { redirect: 'manual' });
}

/** The plan being bought: its product id (the server prices it) and its name (display only). */
export type PlanForSale = { productId: string; name: string };

/** The create-checkout-session body of a test purchase of one plan. */
export function buildTestPurchaseRequest(member: PayingMember, plan: PlanForSale) {
  const billingInfo = getTestBilling(member);
  return {
    items: [{ id: plan.productId, name: `${plan.name} membership`, quantity: 1 }],
    customer_email: billingInfo.email,
    customer_name: `${billingInfo.firstName} ${billingInfo.lastName}`,
    billingInfo,
  };
}

export async function simulateTestPayment(
  member: PayingMember,
  plan: PlanForSale,
): Promise<GrantCourseAccessResponse> {
  const { CreateCheckoutSessionResponseSchema, GrantCourseAccessResponseSchema } =
    await import('@platform/contracts');
  const created = await apiRequest(
    'POST',
    '/api/create-checkout-session',
    buildTestPurchaseRequest(member, plan),
  );
  const session = CreateCheckoutSessionResponseSchema.parse(await created.json());
  await payOnTestPage(session.url);
  // Fulfilment already ran on the webhook; asking again is idempotent and says how it went.
  const granted = await apiRequest('POST', '/api/grant-course-access', { session_id: session.sessionId });
  return GrantCourseAccessResponseSchema.parse(await granted.json());
}
