/**
 * The monthly statement as an A4 PDF (the kit's PDF part, as the invoices): the owner, the month, the
 * terms, the opening balance, the reports submitted, every share, correction and payment with the
 * balance after it, the totals and the closing balance.
 */
import { monthName, STATEMENT_MESSAGES, type RevenueStatement } from '@platform/contracts';
import { EMAIL_DATE, formatDate, formatMoney } from '@platform/contracts/format';
import { PDF_MARGIN as MARGIN, startPdf } from '@platform/service-kit/pdf';

/** Who issues the statement: the platform, as its pages and e-mails name it. */
const ISSUER = 'Restaurant Consultant';

export async function renderStatementPdf(statement: RevenueStatement): Promise<Uint8Array> {
  const month = monthName(statement.month);
  const w = await startPdf({
    title: `Revenue share statement, ${month}`,
    author: ISSUER,
    at: new Date(statement.generatedAt),
  });
  const right = w.right;
  let y = w.top;

  w.text('STATEMENT', { x: MARGIN, y, size: 22, bold: true });
  w.alignRight(month, { x: right, y, size: 14, bold: true });
  y = w.down(y, 22);
  w.alignRight(`Premium Success Program, terms ${statement.termsVersion}`, { x: right, y });
  y = w.down(y, 14);
  w.alignRight(
    statement.inProgress
      ? `So far, as of ${formatDate(statement.generatedAt, EMAIL_DATE)}`
      : `Issued ${formatDate(statement.generatedAt, EMAIL_DATE)}`,
    { x: right, y },
  );
  y = w.down(y, 30);
  w.text('From', { x: MARGIN, y, size: 9, muted: true, bold: true });
  w.text('Statement for', { x: (right + MARGIN) / 2 + 10, y, size: 9, muted: true, bold: true });
  y = w.down(y, 16);
  w.text(ISSUER, { x: MARGIN, y, bold: true });
  w.text(statement.owner.name || statement.owner.email, { x: (right + MARGIN) / 2 + 10, y, bold: true });
  y = w.down(y, 14);
  w.text(
    `${statement.revenueSharePercentage}% of the monthly net revenue increase over ${formatMoney(statement.baselineNetRevenue)}`,
    { x: MARGIN, y, muted: true, size: 9 },
  );
  if (statement.owner.name) w.text(statement.owner.email, { x: (right + MARGIN) / 2 + 10, y });
  y = w.down(y, 34);

  w.text(STATEMENT_MESSAGES.opening, { x: MARGIN, y, bold: true });
  w.alignRight(formatMoney(statement.openingBalance), { x: right, y, bold: true });
  y = w.down(y, 28);

  w.text(STATEMENT_MESSAGES.reports, { x: MARGIN, y, size: 12, bold: true });
  y = w.down(y, 18);
  if (statement.reports.length === 0) {
    w.text('None this month.', { x: MARGIN, y, muted: true });
    y = w.down(y, 18);
  } else {
    w.text('Period', { x: MARGIN, y, size: 9, bold: true, muted: true });
    w.alignRight('Net revenue', { x: right - 240, y, size: 9, bold: true });
    w.alignRight('Baseline', { x: right - 160, y, size: 9, bold: true });
    w.alignRight('Increase', { x: right - 80, y, size: 9, bold: true });
    w.alignRight('Share', { x: right, y, size: 9, bold: true });
    y = w.down(y, 8);
    w.rule(y);
    y = w.down(y, 16);
    for (const report of statement.reports) {
      w.text(`${report.periodStart} to ${report.periodEnd}`, { x: MARGIN, y });
      w.alignRight(formatMoney(report.netRevenue), { x: right - 240, y });
      w.alignRight(formatMoney(report.baselineNetRevenue), { x: right - 160, y });
      w.alignRight(formatMoney(report.revenueIncrease), { x: right - 80, y });
      w.alignRight(formatMoney(report.shareOwed), { x: right, y });
      y = w.down(y, 18);
    }
  }
  y = w.down(y, 12);

  w.text('Activity', { x: MARGIN, y, size: 12, bold: true });
  y = w.down(y, 18);
  w.text('Date', { x: MARGIN, y, size: 9, bold: true, muted: true });
  w.text('Description', { x: MARGIN + 80, y, size: 9, bold: true, muted: true });
  w.alignRight('Amount', { x: right - 90, y, size: 9, bold: true });
  w.alignRight('Balance', { x: right, y, size: 9, bold: true });
  y = w.down(y, 8);
  w.rule(y);
  y = w.down(y, 16);
  if (statement.entries.length === 0) {
    w.text(STATEMENT_MESSAGES.noActivity, { x: MARGIN, y, muted: true });
    y = w.down(y, 18);
  }
  let balance = statement.openingBalance;
  for (const entry of statement.entries) {
    balance += entry.amount;
    w.text(formatDate(entry.at, EMAIL_DATE), { x: MARGIN, y });
    w.text(entry.description, { x: MARGIN + 80, y });
    w.alignRight(formatMoney(entry.amount), { x: right - 90, y });
    w.alignRight(formatMoney(balance), { x: right, y });
    y = w.down(y, 18);
  }
  w.rule(y + 6, right - 250, right, 0.5);
  y = w.down(y, 10);
  const totals: Array<[string, number, boolean]> = [
    [STATEMENT_MESSAGES.shares, statement.totals.shares, false],
    [STATEMENT_MESSAGES.credits, -statement.totals.credits, false],
    [STATEMENT_MESSAGES.payments, -statement.totals.payments, false],
    [
      statement.inProgress ? STATEMENT_MESSAGES.closingSoFar : STATEMENT_MESSAGES.closing,
      statement.closingBalance,
      true,
    ],
  ];
  for (const [label, value, isTotal] of totals) {
    w.text(label, { x: right - 250, y, bold: isTotal, size: isTotal ? 12 : 10 });
    w.alignRight(formatMoney(value), { x: right, y, bold: isTotal, size: isTotal ? 12 : 10 });
    y = w.down(y, isTotal ? 22 : 16);
  }
  if (statement.closingBalance < 0) {
    w.text(STATEMENT_MESSAGES.inCredit, { x: right - 250, y, muted: true, size: 9 });
  }
  w.text('Amounts in US dollars. Payment of each share is due 30 days after its report.', {
    x: MARGIN,
    y: MARGIN,
    size: 9,
    muted: true,
  });
  return w.pdf.save();
}
