/**
 * The revenue-share reminders (docs/behaviour/revenue-share.md#reminders-and-customer-status;
 * docs/decisions.md, 21 and 26): the consultation nudges after consent, the monthly report reminders and
 * the payment reminders, automatic or sent by the admin. Each says what to do, by when, and links to the
 * page that does it.
 */
import {
  REPORT_GRACE_DAYS,
  SHARE_COLLECTION_RETRY_DAYS,
  type RevenueReminderKind,
  type RevenueReminderRequested,
} from '@platform/contracts';
import { EMAIL_DATE, formatDate, formatMoney } from '@platform/contracts/format';
import { greetingName, renderEmail, type RenderedEmail, type TemplateSettings } from './layout.js';

export const REVENUE_REMINDER_TEMPLATE = 'revenue-reminder';

const DAY_MS = 24 * 60 * 60_000;

export interface RevenueReminderInput {
  reminder: Pick<RevenueReminderRequested, 'kind' | 'firstName' | 'months' | 'shares' | 'step' | 'card'>;
  settings: TemplateSettings;
}

type Month = RevenueReminderRequested['months'][number];
type Share = RevenueReminderRequested['shares'][number];

const atNoon = (day: string) => new Date(`${day}T12:00:00.000Z`);

/** 'March 2030'. */
function monthName(month: Month): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    atNoon(month.periodStart),
  );
}

/** 'March 1, 2030 to March 31, 2030'. */
function periodOf(entry: { periodStart: string; periodEnd: string }): string {
  return `${formatDate(atNoon(entry.periodStart), EMAIL_DATE)} to ${formatDate(atNoon(entry.periodEnd), EMAIL_DATE)}`;
}

/** The last day the month's report is on time: 10 days after the month ended. */
function reportDeadline(month: Month): string {
  return formatDate(new Date(atNoon(month.periodEnd).getTime() + REPORT_GRACE_DAYS * DAY_MS), EMAIL_DATE);
}

function shareLine(share: Share): string {
  return `${periodOf(share)}: ${formatMoney(share.amountDue)}, due ${formatDate(share.dueDate, EMAIL_DATE)}`;
}

const totalOf = (shares: Share[]) => formatMoney(shares.reduce((sum, share) => sum + share.amountDue, 0));

const NUDGES: Record<string, { subject: string; heading: string; lead: string }> = {
  'consultation-24h': {
    subject: 'Unlock the whole course: send us your restaurant consultation',
    heading: 'Module 1 is open. The rest is one step away.',
    lead: 'Welcome to the Premium Success Program. Module 1 of Restaurant Management Mastery is open for you now.',
  },
  'consultation-72h': {
    subject: 'Your free restaurant consultation is waiting',
    heading: 'Your consultation unlocks modules 2 to 8',
    lead: 'A few days ago you joined the Premium Success Program. Your free consultation is the next step.',
  },
  'consultation-7d': {
    subject: 'One step left to unlock every module',
    heading: 'Still waiting for your consultation',
    lead: 'It has been a week since you joined the Premium Success Program, and modules 2 to 8 are still waiting for your consultation.',
  },
};

export function renderRevenueReminderEmail({ reminder, settings }: RevenueReminderInput): RenderedEmail {
  const greeting = `Hi ${greetingName(reminder.firstName)},`;
  const reportAction = { label: 'Report your revenue', url: `${settings.baseUrl}/revenue-report` };
  const payAction = { label: 'See what is due', url: `${settings.baseUrl}/revenue-report` };
  const kind: RevenueReminderKind = reminder.kind;

  const nudge = NUDGES[kind];
  if (nudge) {
    return renderEmail({
      subject: nudge.subject,
      preheader: 'Send your photos, a short walkthrough video and your menu: it takes about 15 minutes.',
      heading: nudge.heading,
      greeting,
      intro: [
        nudge.lead,
        'Send us your restaurant consultation (business details, a few photos, a 2-3 minute walkthrough video and your menu) and modules 2 to 8 open at once. We review it personally within 24-48 hours.',
      ],
      action: { label: 'Start my consultation', url: `${settings.baseUrl}/consultation` },
      outro: ['Already started? The same page picks up where you left off.'],
      settings,
    });
  }

  if (kind === 'report-upcoming') {
    const month = reminder.months[0]!;
    return renderEmail({
      subject: `${monthName(month)} ends in 3 days: your revenue report comes next`,
      preheader: `Report ${periodOf(month)} once the month is over: gross revenue, expenses and net.`,
      heading: 'Your monthly revenue report is coming up',
      greeting,
      intro: [
        `${monthName(month)} ends on ${formatDate(atNoon(month.periodEnd), EMAIL_DATE)}. From the next day you can report its revenue; please send it by ${reportDeadline(month)}.`,
        'It takes two minutes: your gross revenue and business expenses for the month. Your share is 10% of the increase over the baseline you gave when you joined, so a month without an increase costs nothing.',
      ],
      action: reportAction,
      outro: ['Keep your records for the month: we may ask to see them.'],
      settings,
    });
  }

  if (kind === 'report-due' || kind === 'report-overdue' || kind === 'report-admin') {
    const months = reminder.months;
    const first = months[0];
    const one = months.length === 1 && first ? first : null;
    const late = kind === 'report-overdue';
    const subject = one
      ? late
        ? `Your revenue report for ${monthName(one)} is late`
        : `Time to report your revenue for ${monthName(one)}`
      : 'A reminder to report your monthly revenue';
    return renderEmail({
      subject,
      preheader: one
        ? `Report ${periodOf(one)} in two minutes: gross revenue, expenses and net.`
        : 'Some monthly revenue reports are still missing.',
      heading: late ? 'Your monthly report is late' : 'Your monthly revenue report',
      greeting,
      intro: [
        ...(one
          ? [
              late
                ? `We have not received your revenue report for ${monthName(one)} (${periodOf(one)}), which was due by ${reportDeadline(one)}.`
                : `It is time to report your revenue for ${monthName(one)} (${periodOf(one)}). Please send it by ${reportDeadline(one)}.`,
            ]
          : [
              'These monthly revenue reports are still to send:',
              ...months.map((month) => `${monthName(month)}: due by ${reportDeadline(month)}`),
            ]),
        'It takes two minutes: your gross revenue and business expenses for the month. Your share is 10% of the increase over the baseline you gave when you joined, so a month without an increase costs nothing.',
      ],
      action: reportAction,
      outro: late
        ? ['Late reports hold back new course sections until your account is up to date again.']
        : ['Keep your records for the month: we may ask to see them.'],
      settings,
    });
  }

  if (kind === 'payment-collection-failed' || kind === 'payment-collection-stopped') {
    return renderCollectionFailedEmail({ reminder, settings }, greeting, payAction);
  }

  if (kind === 'payment-card-notice') {
    return renderCardNoticeEmail({ reminder, settings }, greeting);
  }

  const shares = reminder.shares;
  const total = totalOf(shares);
  const overdue = kind === 'payment-overdue';
  const upcoming = kind === 'payment-upcoming';
  const firstShare = shares[0];
  const subject =
    upcoming && firstShare
      ? `Your revenue share of ${total} is due on ${formatDate(firstShare.dueDate, EMAIL_DATE)}`
      : kind === 'payment-due'
        ? `Your revenue share of ${total} is due today`
        : overdue
          ? `Your revenue share of ${total} is overdue`
          : `A reminder: ${total} in revenue share is due`;
  return renderEmail({
    subject,
    preheader: `Premium Success Program: ${total} to pay.`,
    heading: overdue ? 'Your revenue share is overdue' : 'Your revenue share',
    greeting,
    intro: [
      overdue
        ? 'We have not received the payment of your verified revenue share:'
        : 'Thank you for reporting your revenue. This is what is due for the verified reports:',
      ...shares.map(shareLine),
      `Total to pay: ${total}`,
    ],
    action: payAction,
    outro: [
      overdue
        ? 'A share unpaid 30 days after its due date holds back new course sections until it is paid. Already paid? Reply to let us know and we will update your account.'
        : 'Already paid? Thank you: there is nothing more to do.',
    ],
    settings,
  });
}

/**
 * The card on file was declined (docs/decisions.md, 89): `payment-collection-failed` names the next
 * attempt's date (the ladder's days after the due date); `payment-collection-stopped` says no more
 * attempts follow and the share is paid by link.
 */
function renderCollectionFailedEmail(
  { reminder, settings }: RevenueReminderInput,
  greeting: string,
  action: { label: string; url: string },
): RenderedEmail {
  const share = reminder.shares[0]!;
  const amount = formatMoney(share.amountDue);
  const retryDays = SHARE_COLLECTION_RETRY_DAYS[reminder.step ?? SHARE_COLLECTION_RETRY_DAYS.length];
  const retryOn =
    reminder.kind === 'payment-collection-failed' && retryDays !== undefined
      ? formatDate(new Date(new Date(share.dueDate).getTime() + retryDays * DAY_MS), EMAIL_DATE)
      : null;
  return renderEmail({
    subject: `We could not charge your card for your revenue share of ${amount}`,
    preheader: retryOn ? `We will try again on ${retryOn}.` : 'Please pay your revenue share by link.',
    heading: 'Your card was declined',
    greeting,
    intro: [
      `We tried to charge your card on file for your revenue share for ${periodOf(share)} (${amount}, due ${formatDate(share.dueDate, EMAIL_DATE)}), and it was declined.`,
      retryOn
        ? `We will try again on ${retryOn}. You can pay now instead, or save another card, on your revenue report page.`
        : 'We will not try this card again. Please pay the share on your revenue report page, or save another card there.',
    ],
    action,
    outro: ['A share unpaid 30 days after its due date holds back new course sections until it is paid.'],
    settings,
  });
}

/**
 * The share will be charged to the card on file on its due date (docs/decisions.md, 112): said once,
 * 3 days before, instead of asking the owner to pay; nothing to do unless they want another card.
 */
function renderCardNoticeEmail(
  { reminder, settings }: RevenueReminderInput,
  greeting: string,
): RenderedEmail {
  const share = reminder.shares[0]!;
  const amount = formatMoney(share.amountDue);
  const on = formatDate(share.dueDate, EMAIL_DATE);
  const card = reminder.card ? `card ending ${reminder.card.last4}` : 'card on file';
  const named = reminder.card ? `${reminder.card.brand} ending ${reminder.card.last4}` : card;
  return renderEmail({
    subject: `We will charge your ${card} on ${on}`,
    preheader: `Your revenue share of ${amount} is paid automatically: there is nothing to do.`,
    heading: 'Your revenue share will be charged to your card',
    greeting,
    intro: [
      `On ${on} we will charge ${amount} to your ${named} for your revenue share for ${periodOf(share)}.`,
      'There is nothing to do and no need to pay by link. To use another card, replace it on your revenue report page before then.',
    ],
    action: { label: 'See your card and shares', url: `${settings.baseUrl}/revenue-report` },
    outro: ['If the charge does not go through, we will e-mail you and try again.'],
    settings,
  });
}
