/**
 * Leaving the revenue-share programme (docs/behaviour/revenue-share.md#leaving-the-programme): the owner's
 * confirmation says what stays owed and that no report is asked for any more; the support inbox hears who left and why.
 */
import { LEAVE_COURSE_ACCESS, type RevenuePlanLeft } from '@platform/contracts';
import { EMAIL_DATE, formatDate, formatMoney } from '@platform/contracts/format';
import { greetingName, renderEmail, type RenderedEmail, type TemplateSettings } from './layout.js';

export const REVENUE_PLAN_LEFT_TEMPLATE = 'revenue-plan-left';
export const REVENUE_PLAN_LEFT_ADMIN_TEMPLATE = 'revenue-plan-left-admin';

export interface PlanLeftInput {
  left: RevenuePlanLeft;
  settings: TemplateSettings;
}

function whatStays(left: RevenuePlanLeft): string[] {
  return [
    left.amountOwed > 0
      ? `What was owed stays owed: ${formatMoney(left.amountOwed)} today, with its payment reminders and, when a card is on file, its collection on the due date.`
      : 'Nothing is owed today.',
    'No report is asked for or taken from now on, and nothing more is charged.',
  ];
}

export function renderPlanLeftEmail({ left, settings }: PlanLeftInput): RenderedEmail {
  return renderEmail({
    subject: 'You left the Premium Success Program',
    preheader: `You left on ${formatDate(new Date(left.leftAt), EMAIL_DATE)}.`,
    heading: 'You left the Premium Success Program',
    greeting: `Hi ${greetingName(left.firstName)},`,
    intro: [
      `We recorded that you left the program on ${formatDate(new Date(left.leftAt), EMAIL_DATE)}.`,
      ...whatStays(left),
      LEAVE_COURSE_ACCESS,
    ],
    action: { label: 'See your reports', url: `${settings.baseUrl}/revenue-report` },
    outro: [],
    settings,
  });
}

export function renderPlanLeftAdminEmail({ left, settings }: PlanLeftInput): RenderedEmail {
  return renderEmail({
    subject: `Left the revenue share program: ${left.email}`,
    preheader: `Still owed: ${formatMoney(left.amountOwed)}.`,
    heading: 'An owner left the program',
    greeting: 'Hello,',
    intro: [
      `${left.email} left the Premium Success Program on ${formatDate(new Date(left.leftAt), EMAIL_DATE)}. Their reason: “${left.reason}”`,
      `Still owed: ${formatMoney(left.amountOwed)}. No report is asked for from now on.`,
    ],
    action: { label: 'Open the revenue ledger', url: `${settings.baseUrl}/revenue-admin` },
    outro: [],
    settings,
    audience: 'support',
  });
}
