/**
 * The payment plan's e-mails (docs/behaviour/checkout-and-payments.md#payment-plan): an instalment charged,
 * an instalment declined (when it is tried again, when the course pauses), the course paused, and the
 * course open again. Each leads to Orders & billing, where the schedule is and the rest can be paid.
 */
import type {
  PaymentPlanInstalmentFailed,
  PaymentPlanInstalmentPaid,
  PaymentPlanPaused,
  PaymentPlanResumed,
} from '@platform/contracts';
import { EMAIL_DATE, formatDate, formatMoney } from '@platform/contracts/format';
import { greetingName, renderEmail, type RenderedEmail, type TemplateSettings } from './layout.js';

export const PLAN_TEMPLATES = {
  paid: 'plan-instalment-paid',
  failed: 'plan-instalment-failed',
  paused: 'plan-paused',
  resumed: 'plan-resumed',
} as const;

const ordersAction = (settings: TemplateSettings) => ({
  label: 'Open Orders & billing',
  url: `${settings.baseUrl}/orders`,
});
const date = (iso: string) => formatDate(new Date(iso), EMAIL_DATE);
const numbers = (list: number[]) =>
  list.length === 1 ? `payment ${list[0]}` : `payments ${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;

export function renderInstalmentPaidEmail(
  paid: PaymentPlanInstalmentPaid,
  settings: TemplateSettings,
): RenderedEmail {
  const amount = formatMoney(paid.amount);
  return renderEmail({
    subject: `Flexible Payments: ${amount} received`,
    preheader: `We charged ${amount} to your card for ${numbers(paid.numbers)} of 3.`,
    heading: 'Payment received',
    greeting: `Hi ${greetingName(paid.firstName)},`,
    intro: [
      `We charged ${amount} to the card on your account for ${numbers(paid.numbers)} of 3 of Flexible Payments on ${date(paid.paidAt)}.`,
      paid.remaining > 0
        ? `Still to pay: ${formatMoney(paid.remaining)}, charged on the dates shown in Orders & billing (or pay it now there).`
        : 'Your plan is paid in full. Thank you!',
    ],
    action: ordersAction(settings),
    outro: ['Keep this e-mail for your records.'],
    settings,
  });
}

export function renderInstalmentFailedEmail(
  failed: PaymentPlanInstalmentFailed,
  settings: TemplateSettings,
): RenderedEmail {
  const amount = formatMoney(failed.amount);
  return renderEmail({
    subject: `Flexible Payments: your payment of ${amount} did not go through`,
    preheader: failed.authenticationRequired
      ? `Payment ${failed.number} of 3 needs your approval: please pay it yourself in Orders & billing.`
      : `Payment ${failed.number} of 3 was declined. Your course stays open until ${date(failed.pausesAt)}.`,
    heading: 'Your payment did not go through',
    greeting: `Hi ${greetingName(failed.firstName)},`,
    intro: [
      `We could not charge ${amount} (payment ${failed.number} of 3 of Flexible Payments) to the card on your account: ${failed.message}`,
      failed.authenticationRequired
        ? 'Your bank wants you to approve this payment yourself, so we cannot charge it automatically. Please pay it yourself in Orders & billing; your bank may ask you to confirm it.'
        : failed.nextAttemptAt
          ? `We will try again on ${date(failed.nextAttemptAt)}.`
          : 'We will not try this card again.',
      `Your course stays open until ${date(failed.pausesAt)}. If the payment has not arrived by then, the course pauses until it is paid; your progress is kept.`,
      ...(failed.authenticationRequired ? [] : ['You can update your card and pay now in Orders & billing.']),
    ],
    action: ordersAction(settings),
    outro: ['If you have already paid, you can ignore this e-mail.'],
    settings,
  });
}

export function renderPlanPausedEmail(paused: PaymentPlanPaused, settings: TemplateSettings): RenderedEmail {
  return renderEmail({
    subject: 'Flexible Payments: your course is paused',
    preheader: 'A payment is more than 7 days late, so your course is paused until it is paid.',
    heading: 'Your course is paused',
    greeting: `Hi ${greetingName(paused.firstName)},`,
    intro: [
      'A payment of your Flexible Payments plan is more than 7 days late, so your course is paused.',
      'Pay what is due in Orders & billing and it opens again at once, with your progress and every section released meanwhile.',
    ],
    action: ordersAction(settings),
    outro: ['If something is wrong with your card or the plan, reply to this e-mail.'],
    settings,
  });
}

export function renderPlanResumedEmail(
  resumed: PaymentPlanResumed,
  settings: TemplateSettings,
): RenderedEmail {
  return renderEmail({
    subject: 'Flexible Payments: your course is open again',
    preheader: 'Thank you for your payment: your course is open again.',
    heading: 'Your course is open again',
    greeting: `Hi ${greetingName(resumed.firstName)},`,
    intro: ['Thank you for your payment. Your course is open again, with your progress where you left it.'],
    action: { label: 'Go to your dashboard', url: `${settings.baseUrl}/dashboard` },
    outro: ['Your schedule is in Orders & billing.'],
    settings,
  });
}
