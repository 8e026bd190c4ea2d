/**
 * The refund of an order (the 30-day money-back guarantee): how much, which order, what happens next. A
 * revenue share's payment is no purchase: its refund says the share is owed again, or, for the payment
 * service's automatic refund, that the payment was not needed. A purchase refunded because its account
 * already owned it says so, and that nothing changes on the account.
 */
import { REFUND_WINDOW_DAYS, type PaymentOrderRefunded } from '@platform/contracts';
import { EMAIL_DATE, formatDate, formatMoney } from '@platform/contracts/format';
import { greetingName, renderEmail, type RenderedEmail, type TemplateSettings } from './layout.js';

export const REFUND_TEMPLATE = 'refund';

export interface RefundEmailInput {
  refund: PaymentOrderRefunded;
  settings: TemplateSettings;
}

/** Where a refund's money goes and how long it takes, said in every refund e-mail. */
const MONEY_BACK_NOTE =
  'The money goes back to the payment method you used. Depending on your bank it can take 5 to 10 business days to appear.';

/** The subject, preheader, heading and greeting of a refund that is simply on its way. */
function onItsWay(refund: PaymentOrderRefunded, amount: string) {
  return {
    subject: `Your refund of ${amount} is on its way`,
    preheader: `We refunded ${amount} for order ${refund.orderId}.`,
    heading: 'Your refund is on its way',
    greeting: `Hi ${greetingName(refund.firstName)},`,
  };
}

export function renderRefundEmail({ refund, settings }: RefundEmailInput): RenderedEmail {
  const amount = formatMoney(refund.amount);
  if (refund.revenueReportId) return renderShareRefundEmail(refund, amount, settings);
  if (refund.alreadyOwned) return renderAlreadyOwnedRefundEmail(refund, amount, settings);
  return renderEmail({
    ...onItsWay(refund, amount),
    intro: [
      `We refunded ${amount} on ${formatDate(refund.refundedAt, EMAIL_DATE)}, under our ${REFUND_WINDOW_DAYS}-day money-back guarantee.`,
      `Order number: ${refund.orderId}`,
      MONEY_BACK_NOTE,
      ...(refund.courseIds.length > 0 ? ['The course access that came with this order has ended.'] : []),
    ],
    outro: ['We are sorry it was not the right fit, and you are welcome back any time.'],
    settings,
  });
}

function renderShareRefundEmail(
  refund: PaymentOrderRefunded,
  amount: string,
  settings: TemplateSettings,
): RenderedEmail {
  return renderEmail({
    ...onItsWay(refund, amount),
    intro: [
      `We refunded your revenue share payment of ${amount} on ${formatDate(refund.refundedAt, EMAIL_DATE)}.`,
      `Order number: ${refund.orderId}`,
      refund.automatic
        ? 'When it arrived, your revenue report no longer owed that amount (another payment had already covered it), so we returned it in full.'
        : 'The share this payment covered is due again on your revenue report.',
      MONEY_BACK_NOTE,
    ],
    outro: ['Your revenue report shows what is still due, if anything.'],
    settings,
  });
}

function renderAlreadyOwnedRefundEmail(
  refund: PaymentOrderRefunded,
  amount: string,
  settings: TemplateSettings,
): RenderedEmail {
  return renderEmail({
    subject: `You already had this purchase: your ${amount} is refunded`,
    preheader: `We refunded ${amount} for order ${refund.orderId}: you had already bought it.`,
    heading: 'You already had this purchase',
    greeting: `Hi ${greetingName(refund.firstName)},`,
    intro: [
      `We received a second payment of ${amount} for something you had already bought (another checkout of it was paid first), so we refunded it in full on ${formatDate(refund.refundedAt, EMAIL_DATE)}.`,
      `Order number: ${refund.orderId}`,
      MONEY_BACK_NOTE,
      'Nothing changes on your account: your first purchase stays yours, with its receipt and access.',
    ],
    action: { label: 'Go to your dashboard', url: `${settings.baseUrl}/dashboard` },
    outro: ['Sign in with this e-mail address to use it.'],
    settings,
  });
}
