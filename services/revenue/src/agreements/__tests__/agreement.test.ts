/**
 * The signed agreement on the real revenue service (docs/behaviour/revenue-share.md#the-signed-agreement):
 * drawn from what was recorded at consent (a later baseline correction does not change it), the same bytes
 * for the owner, the admin and the e-mail; issued once when auth names the owner, however many profiles
 * follow; the owner reads only their own, the admin any owner's, everyone else a 401, 403 or 404.
 */
import { describe, expect, it } from '@jest/globals';
import { drawnPdfText } from '@platform/service-kit/testing';
import * as harness from '../../__tests__/harness.js';
import type { UserCaller } from '../../__tests__/harness.js';

const { admin, json, user } = harness;

/** The PDF's words in one line, whatever the wrapping. */
const wordsOf = (pdf: Buffer) => drawnPdfText(pdf).replace(/\s+/g, ' ');

describe.each(harness.backings())('the signed agreement on $name', (factory) => {
  const { revenue, clock } = harness.useClockedRevenue(factory, { quiet: true });

  const pdfOf = async (caller: UserCaller, path: string) => {
    const response = await revenue.requestAs(caller, path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="premium-success-agreement-v1.0.pdf"',
    );
    return Buffer.from(await response.arrayBuffer());
  };
  const issuedFor = async (owner: UserCaller) =>
    (await revenue.events('revenue.agreement.issued')).filter(({ data }) => data.userId === owner.userId);

  it('holds what was agreed, is issued once with the same bytes for the owner, the admin and the e-mail', async () => {
    clock.set(harness.START);
    const owner = user();
    await harness.consent(revenue, owner, 123_456);
    expect(await issuedFor(owner)).toEqual([]);

    // Auth names the owner as it records the consent; a second profile (and a later one) issue nothing more.
    await harness.statusChanged(revenue, owner, {
      planStatus: 'rs_pending',
      consultationStatus: 'not_started',
    });
    await harness.statusChanged(revenue, owner, {
      planStatus: 'rs_pending',
      consultationStatus: 'not_started',
    });
    clock.set('2030-01-20T08:00:00.000Z');
    await harness.statusChanged(
      revenue,
      owner,
      { planStatus: 'rs_active', consultationStatus: 'submitted' },
      { firstName: 'Renamed', lastName: 'Later' },
    );
    const issued = await issuedFor(owner);
    expect(issued).toHaveLength(1);
    expect(issued[0]!.data).toMatchObject({
      email: owner.email.toLowerCase(),
      firstName: 'Marta',
      termsVersion: 'v1.0',
      consentedAt: harness.START,
    });

    const own = await pdfOf(owner, '/api/revenue-share/agreement.pdf');
    const text = wordsOf(own);
    expect(text).toContain('PREMIUM SUCCESS AGREEMENT');
    expect(text).toContain(`Marta Quintero <${owner.email.toLowerCase()}>`);
    expect(text).not.toContain('Renamed');
    expect(text).toContain('Revenue Share Terms (v1.0)');
    expect(text).toContain('Agreed on January 5, 2030 at 12:00 UTC');
    expect(text).toContain('Baseline $1,234.56 average monthly net revenue before the program');
    expect(text).toContain('Risk-free implementation January 5, 2030 to February 4, 2030');
    expect(text).toContain('First month to report March 2030');
    // The terms in full, every clause, from the one text the site shows.
    expect(text).toContain(
      'Cancel anytime if you see no improvement You can leave the program at any time by writing to support. Shares already owed for months you reported stay owed; nothing more is asked after you leave.',
    );
    expect(text).toContain(
      'Nothing upfront. Each month you pay 10% of your net revenue increase: your net revenue (gross revenue less business expenses) less your baseline, never less than zero, rounded to the cent.',
    );

    // The e-mailed copy, the owner's and the admin's are one file, dated at the consent.
    expect(Buffer.from(issued[0]!.data.agreementPdf, 'base64').equals(own)).toBe(true);
    const admins = await pdfOf(admin(), `/api/admin/revenue-customers/${owner.userId}/agreement.pdf`);
    expect(admins.equals(own)).toBe(true);

    // A correction of the baseline afterwards is the plan's, not the signed agreement's.
    const corrected = await revenue.requestAs(
      admin(),
      `/api/admin/revenue-customers/${owner.userId}/baseline`,
      json({ baselineNetRevenue: 50_000, reason: 'The owner misread their books' }),
    );
    expect(corrected.status).toBe(200);
    expect((await pdfOf(owner, '/api/revenue-share/agreement.pdf')).equals(own)).toBe(true);
  });

  it('says that the whole net revenue counts when no baseline was given', async () => {
    clock.set(harness.START);
    const owner = user();
    await harness.consent(revenue, owner);
    const text = wordsOf(await pdfOf(owner, '/api/revenue-share/agreement.pdf'));
    expect(text).toContain('Baseline No baseline: the whole net revenue counts');
    // Before auth named the owner, the agreement names them by their e-mail.
    expect(text).toContain(`and the owner ${owner.email.toLowerCase()} Terms`);
  });

  it('answers nobody else: no consent, not the admin, not signed in, an unknown customer', async () => {
    clock.set(harness.START);
    const owner = user();
    await harness.consent(revenue, owner);
    const stranger = user();
    const noPlan = await revenue.requestAs(stranger, '/api/revenue-share/agreement.pdf');
    expect(noPlan.status).toBe(404);
    expect(await noPlan.json()).toEqual({
      message: 'Please agree to the Revenue Share Terms to see your agreement',
    });
    const notAdmin = await revenue.requestAs(
      stranger,
      `/api/admin/revenue-customers/${owner.userId}/agreement.pdf`,
    );
    expect(notAdmin.status).toBe(403);
    expect(
      (await revenue.requestAs(owner, `/api/admin/revenue-customers/${owner.userId}/agreement.pdf`)).status,
    ).toBe(403);
    expect((await revenue.request('/api/revenue-share/agreement.pdf')).status).toBe(401);
    const unknown = await revenue.requestAs(admin(), '/api/admin/revenue-customers/nobody/agreement.pdf');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ message: 'Revenue share customer not found' });
  });
});
