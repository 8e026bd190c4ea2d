/**
 * The signed agreement as an A4 PDF (the kit's PDF part, as the statements): who agreed, when, to which
 * version of the terms, with which baseline and dates, and the terms in full (docs/decisions.md, 111). The
 * file's dates are the consent's, so the same agreement always gives the same bytes.
 */
import {
  AGREEMENT_MESSAGES,
  monthName,
  REVENUE_CONSENT_MESSAGES,
  REVENUE_SHARE_TERMS,
} from '@platform/contracts';
import { EMAIL_DATE, formatDate, formatMoney } from '@platform/contracts/format';
import { PDF_MARGIN as MARGIN, startPdf } from '@platform/service-kit/pdf';
import { firstReportMonth } from '../standing/customer-standing.js';
import type { SignedAgreement } from './agreements.repository.js';

/** Who the owner agrees with: the platform, as its pages and e-mails name it. */
const ISSUER = 'Restaurant Consultant';

/** 'November 29, 2026 at 19:35 UTC'. */
function consentTime(at: Date): string {
  return `${formatDate(at, EMAIL_DATE)} at ${at.toISOString().slice(11, 16)} UTC`;
}

export async function renderAgreementPdf(agreement: SignedAgreement): Promise<Uint8Array> {
  // Only one version of the terms exists; a plan names no other (the consent accepts only this one).
  if (agreement.termsVersion !== REVENUE_SHARE_TERMS.version) {
    throw new Error(`no text for the Revenue Share Terms ${agreement.termsVersion}`);
  }
  const w = await startPdf({
    title: `Premium Success agreement, ${REVENUE_SHARE_TERMS.title}`,
    author: ISSUER,
    at: agreement.consentedAt,
  });
  const right = w.right;
  const valueX = MARGIN + 170;
  let y = w.top;

  w.text('PREMIUM SUCCESS AGREEMENT', { x: MARGIN, y, size: 18, bold: true });
  y = w.down(y, 22);
  w.text(REVENUE_SHARE_TERMS.title, { x: MARGIN, y, size: 11, muted: true });
  y = w.down(y, 26);

  const name = agreement.ownerName?.trim() ?? '';
  const firstMonth = firstReportMonth(agreement.implementationEndsAt);
  const rows: Array<[string, string]> = [
    ['Between', ISSUER],
    ['and the owner', name ? `${name} <${agreement.email}>` : agreement.email],
    ['Terms', `${REVENUE_SHARE_TERMS.title}, below in full`],
    ['Agreed on', consentTime(agreement.consentedAt)],
    ['Share', `${agreement.revenueSharePercentage}% of the monthly net revenue increase over the baseline`],
    [
      'Baseline',
      agreement.baselineNetRevenue > 0
        ? `${formatMoney(agreement.baselineNetRevenue)} average monthly net revenue before the program`
        : AGREEMENT_MESSAGES.noBaseline,
    ],
    [
      'Risk-free implementation',
      `${formatDate(agreement.consentedAt, EMAIL_DATE)} to ${formatDate(agreement.implementationEndsAt, EMAIL_DATE)}`,
    ],
    ['First month to report', monthName(firstMonth.firstDay)],
  ];
  for (const [label, value] of rows) {
    w.text(label, { x: MARGIN, y, size: 9, bold: true, muted: true });
    y = w.paragraph(value, { x: valueX, y, width: right - valueX }) - 4;
    y = w.down(y, 0);
  }
  y = w.down(y, 10);
  w.rule(y + 8);
  y = w.down(y, 18);

  for (const clause of REVENUE_SHARE_TERMS.clauses) {
    w.text(clause.title, { x: MARGIN, y, size: 11, bold: true });
    y = w.down(y, 16);
    y = w.paragraph(clause.text, { x: MARGIN, y, width: right - MARGIN }) - 6;
    y = w.down(y, 0);
  }
  // The closing words go on the page as far as they fit (the paragraph turns the page itself).
  y -= 4;
  w.paragraph(
    `Agreed online by ${agreement.email} on ${consentTime(agreement.consentedAt)}, by ticking '${REVENUE_CONSENT_MESSAGES.checkboxLabel}'. This copy is drawn from what was recorded at that moment; a later correction of the baseline or of the agreement date by support is recorded on the account, not here.`,
    { x: MARGIN, y, width: right - MARGIN, size: 9, muted: true },
  );
  return w.pdf.save();
}
