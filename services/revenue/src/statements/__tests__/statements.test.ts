/**
 * Monthly statements on the real revenue service (docs/behaviour/revenue-share.md#monthly-statements): a
 * month's shares, corrections and payments with the balance before and after, the running month's closing
 * balance equal to what the owner owes; the owner reads only their own, as JSON and as a PDF; the admin
 * reads any owner's copy; a month without a statement or a malformed one is a 404.
 */
import { describe, expect, it } from '@jest/globals';
import type { MyRevenueReports, RevenueStatement } from '@platform/contracts';
import { drawnPdfText } from '@platform/service-kit/testing';
import * as harness from '../../__tests__/harness.js';
import type { UserCaller } from '../../__tests__/harness.js';

const { admin, json, user } = harness;

describe.each(harness.backings())('monthly statements on $name', (factory) => {
  const { revenue, clock } = harness.useClockedRevenue(factory, { quiet: true });

  const statementOf = async (owner: UserCaller, path = '/api/revenue-statements') => {
    const response = await revenue.requestAs(owner, path);
    expect(response.status).toBe(200);
    return (await response.json()) as RevenueStatement;
  };
  const markPaid = async (reportId: string, amount: number) =>
    expect((await revenue.markPaid(reportId, amount)).status).toBe(200);

  /**
   * An owner (agreed December 2030) whose February 2031 share of $1,000.00 is submitted and verified on
   * March 3, paid $300.00 on March 10, disputed and corrected to $500.00 on April 2, and paid $200.00 on
   * April 5; the clock then stands on April 10, 2031.
   */
  async function ownerWithAMonthOfActivity() {
    const { owner, reportId } = await harness.verifiedShareIn(revenue, clock, 2031);
    clock.set('2031-03-05T09:00:00.000Z');
    const disputed = await revenue.requestAs(
      owner,
      `/api/revenue-reports/${reportId}/dispute`,
      json({ reason: 'A refund in February' }),
    );
    expect(disputed.status).toBe(201);
    clock.set('2031-03-10T09:00:00.000Z');
    await markPaid(reportId, 30_000);
    clock.set('2031-04-02T09:00:00.000Z');
    const accepted = await revenue.requestAs(
      admin(),
      `/api/admin/revenue-reports/${reportId}/dispute/accept`,
      json({ grossRevenue: 600_000, businessExpenses: 0, netRevenue: 600_000 }),
    );
    expect(accepted.status).toBe(200);
    clock.set('2031-04-05T09:00:00.000Z');
    await markPaid(reportId, 20_000);
    clock.set('2031-04-10T09:00:00.000Z');
    return { owner, reportId };
  }

  it('adds up each month: shares, corrections and payments, from the balance before it', async () => {
    const { owner, reportId } = await ownerWithAMonthOfActivity();

    const march = await statementOf(owner, '/api/revenue-statements/2031-03');
    expect(march).toMatchObject({
      month: '2031-03',
      months: ['2031-04', '2031-03', '2031-02', '2031-01', '2030-12'],
      inProgress: false,
      openingBalance: 0,
      closingBalance: 70_000,
      totals: { shares: 100_000, credits: 0, payments: 30_000 },
      termsVersion: 'v1.0',
      baselineNetRevenue: 100_000,
    });
    expect(march.reports).toEqual([
      expect.objectContaining({
        id: reportId,
        periodStart: '2031-02-01',
        netRevenue: 600_000,
        revenueIncrease: 500_000,
        shareOwed: 50_000,
      }),
    ]);
    expect(march.entries.map(({ kind, amount, description }) => [kind, amount, description])).toEqual([
      ['share', 100_000, 'Share of the February 2031 report'],
      ['payment', -30_000, 'Payment of the February 2031 share, recorded by support'],
    ]);

    // The month now running is the default; its closing balance is what the owner owes now.
    const april = await statementOf(owner);
    expect(april).toMatchObject({
      month: '2031-04',
      inProgress: true,
      openingBalance: 70_000,
      closingBalance: 0,
      totals: { shares: 0, credits: 50_000, payments: 20_000 },
      reports: [],
    });
    expect(april.entries.map(({ kind, amount }) => [kind, amount])).toEqual([
      ['correction', -50_000],
      ['payment', -20_000],
    ]);
    const mine = (await (await revenue.requestAs(owner, '/api/revenue-reports')).json()) as MyRevenueReports;
    expect(april.closingBalance).toBe(mine.plan!.amountOwed);

    // A month with nothing in it still has a statement.
    expect(await statementOf(owner, '/api/revenue-statements/2031-01')).toMatchObject({
      openingBalance: 0,
      closingBalance: 0,
      entries: [],
      reports: [],
    });
  });

  it('gives the owner the PDF of their own statement, and the admin the same copy', async () => {
    const { owner } = await ownerWithAMonthOfActivity();
    const pdf = await revenue.requestAs(owner, '/api/revenue-statements/2031-03.pdf');
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(
      'attachment; filename="revenue-statement-2031-03.pdf"',
    );
    expect(pdf.headers.get('cache-control')).toBe('no-store');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = drawnPdfText(bytes);
    for (const words of [
      'STATEMENT',
      'March 2031',
      owner.email,
      'Balance at the start of the month',
      '2031-02-01 to 2031-02-28',
      'Share of the February 2031 report',
      '$1,000.00',
      '-$300.00',
      'Balance at the end of the month',
      '$700.00',
    ]) {
      expect(text).toContain(words);
    }

    const copy = await revenue.requestAs(
      admin(),
      `/api/admin/revenue-customers/${owner.userId}/statements/2031-03.pdf`,
    );
    expect(copy.status).toBe(200);
    expect(drawnPdfText(Buffer.from(await copy.arrayBuffer()))).toBe(text);
    const adminJson = await revenue.requestAs(
      admin(),
      `/api/admin/revenue-customers/${owner.userId}/statements/2031-04`,
    );
    expect(((await adminJson.json()) as RevenueStatement).closingBalance).toBe(0);
  });

  it('answers nobody else: no plan, another month, a malformed month, not the admin', async () => {
    const { owner } = await ownerWithAMonthOfActivity();
    const stranger = user();
    const noPlan = await revenue.requestAs(stranger, '/api/revenue-statements/2031-03.pdf');
    expect(noPlan.status).toBe(404);
    expect(await noPlan.json()).toMatchObject({
      message: 'Please agree to the Revenue Share Terms to see your statements',
    });
    expect((await revenue.requestAs(stranger, '/api/revenue-statements')).status).toBe(404);
    for (const month of ['2030-11', '2031-05']) {
      const none = await revenue.requestAs(owner, `/api/revenue-statements/${month}`);
      expect(none.status).toBe(404);
      expect(await none.json()).toMatchObject({ message: 'There is no statement for this month' });
    }
    for (const file of ['2031-13', '2031-3.pdf', '2031-03.csv']) {
      const malformed = await revenue.requestAs(owner, `/api/revenue-statements/${file}`);
      // A path that names no statement is a 404, with the reason (as every path parameter of the kit's).
      expect(malformed.status).toBe(404);
      expect(await malformed.json()).toMatchObject({
        message: 'The month must be written YYYY-MM, such as 2027-01',
      });
    }
    expect(
      (await revenue.requestAs(owner, `/api/admin/revenue-customers/${owner.userId}/statements/2031-03`))
        .status,
    ).toBe(403);
    expect((await revenue.request(`/api/revenue-statements/2031-03`)).status).toBe(401);
    const unknown = await revenue.requestAs(
      admin(),
      `/api/admin/revenue-customers/nobody/statements/2031-03`,
    );
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ message: 'Revenue share customer not found' });
  });
});
