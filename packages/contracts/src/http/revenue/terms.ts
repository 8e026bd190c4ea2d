/**
 * The Revenue Share Terms in full, as the owner agrees to them (docs/behaviour/revenue-share.md): shown on
 * `/terms`, summed up on `/revenue-share-welcome`. A change of wording is a new version
 * (REVENUE_SHARE_TERMS_VERSION), never an edit of one an owner already agreed to.
 */
import { REVENUE_SHARE_TERMS_VERSION } from './share.js';

export interface TermsClause {
  title: string;
  text: string;
}

export const REVENUE_SHARE_TERMS: { version: string; title: string; clauses: readonly TermsClause[] } = {
  version: REVENUE_SHARE_TERMS_VERSION,
  title: `Revenue Share Terms (${REVENUE_SHARE_TERMS_VERSION})`,
  clauses: [
    {
      title: 'What you get',
      text: 'Full access to the video course, its sections released one per day, and a free restaurant consultation. The first module opens as soon as you agree; sending your consultation opens the rest.',
    },
    {
      title: 'What you pay',
      text: 'Nothing upfront. Each month you pay 10% of your net revenue increase: your net revenue (gross revenue less business expenses) less your baseline, never less than zero, rounded to the cent. A month without an increase costs nothing.',
    },
    {
      title: 'Your baseline',
      text: 'The average monthly net revenue before the program, which you state when you agree. Revenue you already had is never charged. Left empty or 0, your whole net revenue counts. It is fixed once you agree; only support can correct it, and every correction is recorded.',
    },
    {
      title: '30-day risk-free implementation',
      text: 'The 30 days after you agree are yours to put the system in place. Nothing is owed for any day of that period, and no report is asked for it.',
    },
    {
      title: 'Monthly reports',
      text: 'Once the implementation period is over, you report each calendar month after it ends: gross revenue, business expenses and supporting documents (such as your POS summary or bank statement). Support verifies each report before any share is collected.',
    },
    {
      title: 'Payment after results',
      text: 'A share is due 30 days after you submit the report. You pay online from your report page, or as agreed with support.',
    },
    {
      title: 'If a payment or a report is late',
      text: 'A verified share unpaid 30 days past its due date, or two monthly reports missing, pauses new sections of the course until you are up to date again. Nothing you have already opened or completed is taken back.',
    },
    {
      title: 'Cancel anytime if you see no improvement',
      text: 'You can leave the program at any time by writing to support. Shares already owed for months you reported stay owed; nothing more is asked after you leave.',
    },
  ],
};
