/**
 * The accountant's CSV files on the real service: headers, one row per report or customer with amounts
 * in dollars, text a spreadsheet would run as a formula made inert, and the download headers.
 */
import { describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { backings, reportBody, user, type UserCaller, useClockedRevenue } from '../../__tests__/harness.js';

describe.each(backings())('the ledger as CSV on $name', (factory) => {
  let owner: UserCaller;
  let reportId: string;

  const { revenue, clock, support } = useClockedRevenue(
    factory,
    { at: '2030-01-02T12:00:00.000Z' },
    async () => {
      owner = user();
      await revenue.consent(owner, 200_050);
      await revenue.statusChanged(
        owner,
        { planStatus: 'rs_pending', consultationStatus: 'not_started' },
        { firstName: '=HYPERLINK("http://evil.example")', lastName: 'Nuñez, Jr.' },
      );
      clock.set('2030-04-03T09:00:00.000Z');
      const { body } = await revenue.submitReport(owner, {
        ...reportBody('2030-03-01', '2030-03-31', { gross: 123_456_789, expenses: 3_456_789 }),
        notes: '+1 for the "patio" season\nsecond line',
      });
      reportId = (body.report as { id: string }).id;
      await revenue.verify(reportId);
      await revenue.markPaid(reportId, 1_000_001);
    },
  );

  async function download(path: string) {
    const response = await revenue.requestAs(support, path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const bytes = Buffer.from(await response.arrayBuffer());
    // UTF-8 byte-order mark: spreadsheet programs then read 'ñ' as one letter.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    return {
      disposition: response.headers.get('content-disposition'),
      rows: parse(text, { bom: true, columns: true }) as Array<Record<string, string>>,
    };
  }

  it('lists every report with amounts in dollars', async () => {
    const { disposition, rows } = await download('/api/admin/revenue-reports.csv');
    expect(disposition).toBe('attachment; filename=revenue-reports-2030-04-03.csv');
    expect(rows).toEqual([
      {
        'Report ID': reportId,
        Customer: `'=HYPERLINK("http://evil.example") Nuñez, Jr.`,
        Email: owner.email,
        'Period start': '2030-03-01',
        'Period end': '2030-03-31',
        'Gross revenue (USD)': '1234567.89',
        'Business expenses (USD)': '34567.89',
        'Net revenue (USD)': '1200000.00',
        'Baseline (USD)': '2000.50',
        'Increase (USD)': '1197999.50',
        'Share %': '10',
        // 119,799,950 × 10 % = 11,979,995 cents.
        'Share owed (USD)': '119799.95',
        'Paid (USD)': '10000.01',
        'Still owed (USD)': '109799.94',
        Status: 'verified',
        Verified: 'yes',
        'Submitted at': '2030-04-03T09:00:00.000Z',
        'Due date': '2030-05-03T09:00:00.000Z',
        'Verified at': '2030-04-03T09:00:00.000Z',
        'Paid at': '',
        Notes: `'+1 for the "patio" season\nsecond line`,
        'Period flag': '',
        Dispute: '',
        Estimate: '',
      },
    ]);
  });

  it('lists every customer', async () => {
    const { disposition, rows } = await download('/api/admin/revenue-customers.csv');
    expect(disposition).toBe('attachment; filename=revenue-customers-2030-04-03.csv');
    expect(rows).toEqual([
      {
        'Customer ID': owner.userId,
        'First name': `'=HYPERLINK("http://evil.example")`,
        'Last name': 'Nuñez, Jr.',
        Email: owner.email,
        'Plan type': 'revenue_share',
        'Consented at': '2030-01-02T12:00:00.000Z',
        'Baseline (USD)': '2000.50',
        'Reports submitted': '1',
        'Still owed (USD)': '109799.94',
        'Paid (USD)': '10000.01',
        Status: 'current',
        'Last report at': '2030-04-03T09:00:00.000Z',
        'Late reports': '',
        'Agreed on': '2030-01-02',
        'First month to report': '2030-03',
        'Flagged reports': '0',
      },
    ]);
  });
});
