/**
 * Revenue-share set-up through the API the admin's page calls: an owner's first month to report is the
 * first whole month after their 30-day implementation period (docs/decisions.md, 66), so an owner who just
 * consented has nothing to report yet. A spec that needs past months to report records, as the support
 * admin, that the owner agreed to the programme months ago. Also the page steps several specs share: the
 * admin's tab of /revenue-admin, and a share paid (or not) on the test provider's page.
 */
import { expect, request as playwrightRequest } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  ADMIN,
  createSignedInAccount,
  signInAdminRequest,
  signInThroughApi,
  uniqueEmail,
  waitForEnrolment,
} from './accounts.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The signed-in account agrees to the programme as the welcome page sends it, with a baseline in cents. */
export async function consentToRevenueShare(
  request: APIRequestContext,
  baselineNetRevenue: number,
): Promise<void> {
  const consent = await request.post('/api/revenue-share-consent', {
    data: { consentToTerms: true, baselineNetRevenue },
  });
  expect(consent.status(), await consent.text()).toBe(200);
}

/**
 * Puts the account signed in on the page on the plan (`consentToRevenueShare`) and waits until auth records
 * a plan status matching `planStatus` and course enrols the owner, both from the consent's event.
 */
export async function joinRevenueShare(
  page: Page,
  baselineNetRevenue: number,
  planStatus: RegExp = /^rs_/,
): Promise<void> {
  await consentToRevenueShare(page.request, baselineNetRevenue);
  await waitForEnrolment(page, (user) => planStatus.test(user.planStatus ?? ''));
}

/**
 * The agreement date (`YYYY-MM-DD`, UTC) that makes the month `monthsBack` before this one the owner's first
 * to report: 30 days before its first day, so the implementation period ends as it begins.
 */
export function agreedSoFirstMonthIs(monthsBack: number): string {
  const now = new Date();
  const first = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1);
  return new Date(first - 30 * DAY_MS).toISOString().slice(0, 10);
}

/** 'March 2030': the month `monthsBack` before this one (UTC). */
export function monthNameBack(monthsBack: number): string {
  const now = new Date();
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1)),
  );
}

/**
 * Records (as the admin, in a request context of its own) that the owner signed in on `owner` agreed to the
 * programme on `agreedAt` (`agreedSoFirstMonthIs`: then no earlier month is missing, so the owner stays
 * current and the shared site's other specs still find every customer up to date).
 */
export async function recordAgreementDate(
  owner: APIRequestContext,
  baseURL: string | undefined,
  agreedAt: string,
): Promise<void> {
  const me = await owner.get('/api/auth/user');
  expect(me.status(), await me.text()).toBe(200);
  const { id } = (await me.json()) as { id: string };
  const admin = await signInAdminRequest(baseURL);
  try {
    const answer = await admin.post(`/api/admin/revenue-customers/${id}/agreement-date`, {
      data: { agreedAt, reason: 'On the programme before the platform existed' },
    });
    expect(answer.status(), await answer.text()).toBe(200);
  } finally {
    await admin.dispose();
  }
}

/** The calendar month `monthsBack` before this one, in UTC (the server's calendar): its first and last day. */
export function monthBack(monthsBack: number): { start: string; end: string } {
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack + 1, 0));
  return { start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
}

/** A day (`YYYY-MM-DD`) as the owner's report history shows it: 'Oct 1, 2026'. */
export function shownDay(day: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** A month as the owner's report history shows its period: 'Oct 1, 2026 – Oct 31, 2026'. */
export function shownPeriod(month: { start: string; end: string }): string {
  return `${shownDay(month.start)} – ${shownDay(month.end)}`;
}

/** The calendar month before this one, in UTC (the server's calendar): always reportable. */
export function lastMonth(): { start: string; end: string } {
  return monthBack(1);
}

/**
 * Reports the month `monthsBack` before this one (net revenue in cents, no expenses) as the owner signed in
 * on `request`; answers the report's id.
 */
export async function reportMonthThroughApi(
  request: APIRequestContext,
  netRevenue: number,
  monthsBack = 1,
): Promise<string> {
  const { start, end } = monthBack(monthsBack);
  const response = await request.post('/api/revenue-report', {
    data: {
      reportingPeriodStart: start,
      reportingPeriodEnd: end,
      grossRevenue: netRevenue,
      businessExpenses: 0,
      netRevenue,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { report: { id: string } }).report.id;
}

export type Owner = { email: string; userId: string; reportId: string };

/**
 * An owner on the plan with a baseline of $2,000.00, who agreed so that last month is their first to
 * report, and reported its net revenue of $10,000.00 (share $800.00), all through the API in a request
 * context of their own.
 */
export async function ownerWithReport(
  request: APIRequestContext,
  label: string,
  baseURL: string | undefined,
  prefix = 'revenue-admin',
): Promise<Owner> {
  const email = uniqueEmail(prefix, label);
  await createSignedInAccount(request, email);
  await consentToRevenueShare(request, 200_000);
  await recordAgreementDate(request, baseURL, agreedSoFirstMonthIs(1));
  const { start, end } = lastMonth();
  const report = await request.post('/api/revenue-report', {
    data: {
      reportingPeriodStart: start,
      reportingPeriodEnd: end,
      grossRevenue: 1_200_000,
      businessExpenses: 200_000,
      netRevenue: 1_000_000,
    },
  });
  expect(report.status(), await report.text()).toBe(200);
  const body = (await report.json()) as { report: { id: string; shareOwed: number } };
  expect(body.report.shareOwed).toBe(80_000);
  const me = (await (await request.get('/api/auth/user')).json()) as { id: string };
  return { email, userId: me.id, reportId: body.report.id };
}

/** `ownerWithReport` in a request context of its own, disposed of once the report is in. */
export async function ownerWithReportApart(
  baseURL: string | undefined,
  label: string,
  prefix?: string,
): Promise<Owner> {
  const request = await playwrightRequest.newContext({ baseURL });
  try {
    return await ownerWithReport(request, label, baseURL, prefix);
  } finally {
    await request.dispose();
  }
}

/** Verifies a report as the support admin signed in on `admin` (the call /revenue-admin's 'Verify' makes). */
export async function verifyReportThroughApi(admin: APIRequestContext, reportId: string): Promise<void> {
  const verified = await admin.post(`/api/admin/verify-report/${reportId}`);
  expect(verified.status(), await verified.text()).toBe(200);
}

/**
 * Signs the support admin in on the page and opens the /revenue-admin tab whose name starts with `tab`
 * (the first visit loads the admin remote: allowed 20 s on a busy machine); answers the open tab's panel.
 */
export async function openRevenueAdminTab(page: Page, tab: string): Promise<Locator> {
  await signInThroughApi(page, ADMIN.email, ADMIN.password);
  await page.goto('/revenue-admin');
  const opener = page.getByRole('tab', { name: new RegExp(`^${tab}`) });
  await expect(opener).toBeVisible({ timeout: 20_000 });
  await opener.click();
  return page.getByRole('tabpanel');
}

/**
 * Follows a report row's 'Pay now' to the built-in test provider's page, which asks for `amount`, and pays
 * there or turns back: either way the owner is back on /revenue-report, which says how it went.
 */
export async function payNowOnTestProvider(
  page: Page,
  row: Locator,
  amount: string,
  choice: 'pay' | 'cancel',
): Promise<void> {
  await row.getByRole('button', { name: /^Pay now/ }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/api/test-checkout/'));
  await expect(page.getByText(amount).first()).toBeVisible();
  await page.getByRole('button', { name: choice === 'pay' ? 'Pay (test mode)' : 'Cancel' }).click();
  await expect(page.getByTestId('payment-outcome')).toContainText(
    choice === 'pay' ? 'Payment received' : 'Payment cancelled',
  );
  await expect(page).toHaveURL(/\/revenue-report$/);
}
