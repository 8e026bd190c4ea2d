/**
 * A revenue-share dispute's e-mails (docs/behaviour/revenue-share.md#disputes): the owner hears that their
 * dispute was received and later its outcome (the share as it stands, recomputed when accepted); the
 * support inbox hears that a dispute waits in `/revenue-admin`, and how it was resolved.
 */
import type { RevenueReportDisputeChanged } from '@platform/contracts';
import { EMAIL_DATE, formatDate, formatMoney } from '@platform/contracts/format';
import { greetingName, renderEmail, type RenderedEmail, type TemplateSettings } from './layout.js';

export const REVENUE_DISPUTE_TEMPLATE = 'revenue-dispute';
export const REVENUE_DISPUTE_ADMIN_TEMPLATE = 'revenue-dispute-admin';

export interface RevenueDisputeInput {
  dispute: Pick<
    RevenueReportDisputeChanged,
    | 'status'
    | 'firstName'
    | 'email'
    | 'reason'
    | 'resolution'
    | 'periodStart'
    | 'periodEnd'
    | 'shareOwed'
    | 'previousShareOwed'
  >;
  settings: TemplateSettings;
}

const atNoon = (day: string) => new Date(`${day}T12:00:00.000Z`);
const periodOf = (dispute: RevenueDisputeInput['dispute']) =>
  `${formatDate(atNoon(dispute.periodStart), EMAIL_DATE)} to ${formatDate(atNoon(dispute.periodEnd), EMAIL_DATE)}`;

/** What the owner reads: received, accepted (the corrected share) or rejected (the admin's reason). */
export function renderRevenueDisputeEmail({ dispute, settings }: RevenueDisputeInput): RenderedEmail {
  const greeting = `Hi ${greetingName(dispute.firstName)},`;
  const action = { label: 'See your reports', url: `${settings.baseUrl}/revenue-report` };
  const period = periodOf(dispute);
  if (dispute.status === 'open') {
    return renderEmail({
      subject: 'We received your dispute of a revenue share',
      preheader: `Your share for ${period} is on hold while we review it.`,
      heading: 'Your dispute is being reviewed',
      greeting,
      intro: [
        `We received your dispute of the ${formatMoney(dispute.shareOwed)} share for ${period}. Your reason: “${dispute.reason}”`,
        'Until we answer, we send no payment reminders for this share and do not charge your card on file for it.',
      ],
      action,
      outro: ['We will e-mail you as soon as it is resolved.'],
      settings,
    });
  }
  const accepted = dispute.status === 'accepted';
  return renderEmail({
    subject: accepted ? 'Your revenue share dispute was accepted' : 'Your revenue share dispute was reviewed',
    preheader: accepted
      ? `Your share for ${period} is now ${formatMoney(dispute.shareOwed)}.`
      : `Your share for ${period} stays ${formatMoney(dispute.shareOwed)}.`,
    heading: accepted ? 'Dispute accepted' : 'Dispute not accepted',
    greeting,
    intro: [
      accepted
        ? `We corrected the figures of your report for ${period}. The share was ${formatMoney(dispute.previousShareOwed ?? 0)} and is now ${formatMoney(dispute.shareOwed)}.`
        : `We reviewed your dispute of the share for ${period}; it stays ${formatMoney(dispute.shareOwed)}.`,
      ...(dispute.resolution ? [`Our note: “${dispute.resolution}”`] : []),
      'Payment reminders and automatic collection of this share resume from today.',
    ],
    action,
    outro: ['Questions? Reply to this e-mail.'],
    settings,
  });
}

/** What the support inbox reads: a dispute to resolve, or how it was resolved. */
export function renderRevenueDisputeAdminEmail({ dispute, settings }: RevenueDisputeInput): RenderedEmail {
  const period = periodOf(dispute);
  const open = dispute.status === 'open';
  return renderEmail({
    subject: open
      ? `Revenue share disputed: ${dispute.email}, ${period}`
      : `Revenue share dispute ${dispute.status}: ${dispute.email}, ${period}`,
    preheader: open
      ? 'Accept it with corrected figures or reject it with a reason.'
      : `Share now ${formatMoney(dispute.shareOwed)}.`,
    heading: open ? 'A revenue share was disputed' : `A dispute was ${dispute.status}`,
    greeting: 'Hello,',
    intro: [
      `${dispute.email} disputes the ${formatMoney(dispute.previousShareOwed ?? dispute.shareOwed)} share for ${period}: “${dispute.reason}”`,
      open
        ? 'Its reminders and automatic collection are paused until you accept it (with corrected figures) or reject it (with a reason).'
        : `The share is now ${formatMoney(dispute.shareOwed)}.${dispute.resolution ? ` Note: “${dispute.resolution}”` : ''}`,
    ],
    action: { label: 'Open the revenue ledger', url: `${settings.baseUrl}/revenue-admin` },
    outro: [],
    settings,
    audience: 'support',
  });
}
