/**
 * 'Simulate Successful Payment' (member-and-admin spec, DECISIONS 23): a real purchase of the chosen
 * plan's product through the payment service, paid on the built-in test provider's page without showing
 * it. The button exists only while that provider is active (the test page exists only then), and the
 * money path it runs is the same one a real buyer's takes: order (priced by the server) → signed webhook
 * → fulfilment → `payment.order.paid` → auth grants membership.
 */
import type { BillingInfoInput, GrantCourseAccessResponse } from '@platform/contracts';
import { apiRequest } from '@platform/ui';

export type PayingMember = { firstName?: string | null; lastName?: string | null; email?: string | null };

const PAY_BUTTON_TEXT = 'Pay (test mode)';

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

/** Presses the test page's 'Pay (test mode)' button: posts the form that holds it. */
async function payOnTestPage(pageUrl: string): Promise<void> {
  const page = await fetch(pageUrl, { credentials: 'include' });
  if (!page.ok) throw new Error(`The test payment page answered ${page.status}`);
  const html = await page.text();
  const document = new DOMParser().parseFromString(html, 'text/html');
  const button = [...document.querySelectorAll('form button')].find(
    (candidate) => candidate.textContent?.trim() === PAY_BUTTON_TEXT,
  );
  const form = button?.closest('form');
  if (!form) throw new Error('The test payment page has no pay button');
  const action = new URL(form.getAttribute('action') ?? '', new URL(pageUrl, window.location.href));
  const fields = new URLSearchParams();
  for (const input of form.querySelectorAll<HTMLInputElement>('input[name]'))
    fields.append(input.name, input.value);
  const response = await fetch(action, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
    // The page answers with a redirect to the confirmation page, which this call has no use for.
    redirect: 'manual',
  });
  if (response.type !== 'opaqueredirect' && !response.ok) {
    throw new Error(`The test payment answered ${response.status}`);
  }
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
