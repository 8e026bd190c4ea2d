/**
 * The site runs under its own Content-Security-Policy: every client page each remote publishes in its
 * routes.json (public pages as a visitor, member pages as a member who bought the course, admin pages as
 * the support admin) loads with
 * the gateway's policy on, and not one CSP violation is reported, neither as a `securitypolicyviolation`
 * event nor on the console. A first test shows the detector does catch a violation.
 */
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, becomeCourseMember, signInThroughApi, uniqueEmail } from '../helpers/accounts.js';
import { enrolledCourse } from '../helpers/course.js';

interface Violation {
  page: string;
  source: 'event' | 'console';
  detail: string;
}

// Registered before any of the page's own scripts run, in every document the page loads.
const LISTEN_FOR_VIOLATIONS = `
  document.addEventListener('securitypolicyviolation', (event) => {
    window.reportCspViolation(
      [event.violatedDirective, event.blockedURI, event.sourceFile + ':' + event.lineNumber].join(' '),
    );
  });
`;

/** Collects every CSP violation the page reports, tagged with the page's path at the time. */
async function watchViolations(page: Page): Promise<Violation[]> {
  const violations: Violation[] = [];
  const where = () => new URL(page.url()).pathname;
  await page.exposeFunction('reportCspViolation', (detail: string) => {
    violations.push({ page: where(), source: 'event', detail });
  });
  await page.addInitScript({ content: LISTEN_FOR_VIOLATIONS });
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) {
      violations.push({ page: where(), source: 'console', detail: message.text() });
    }
  });
  return violations;
}

/** Opens `path`, checks the policy is really on, and lets the page finish loading what it loads. */
async function visit(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response, `${path} answered`).not.toBeNull();
  const policy = response!.headers()['content-security-policy'] ?? '';
  expect(policy, `${path} carries the policy`).toContain("script-src 'self'");
  expect(policy).not.toContain('unsafe-eval');
  await expect(page.locator('#root *').first()).toBeAttached();
  await page.waitForLoadState('networkidle');
}

/** The client routes a remote serves, as its build publishes them. */
async function pathsOf(request: APIRequestContext, remote: 'public' | 'member' | 'admin'): Promise<string[]> {
  const response = await request.get(`/mfe/${remote}/routes.json`);
  expect(response.status()).toBe(200);
  const { routes } = (await response.json()) as { routes: string[] };
  expect(routes.length, `${remote} serves routes`).toBeGreaterThan(0);
  return routes;
}

/** Real ids for the member routes' parameters: the enrolled course, its first section and lesson. */
async function memberIds(request: APIRequestContext): Promise<Record<string, string>> {
  const { courseId, sections } = await enrolledCourse(request);
  const section = sections.filter((item) => item.isAvailable)[0];
  expect(section, 'a section is available').toBeTruthy();
  const lessons = (await (await request.get(`/api/modules/${section!.id}/lessons`)).json()) as Array<{
    id: number;
  }>;
  expect(lessons.length).toBeGreaterThan(0);
  return {
    id: String(courseId),
    moduleId: String(section!.id),
    lessonId: String(lessons[0]!.id),
    // /unsubscribe/:token: an unknown token's page (its message) is a page like any other.
    token: 'an-unknown-unsubscribe-token',
  };
}

function fillParams(path: string, ids: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const id = ids[name];
    if (!id) throw new Error(`no id for :${name} in ${path}`);
    return id;
  });
}

test.describe('Content-Security-Policy', () => {
  test('the detector catches a violation (an inline script the policy does not name)', async ({ page }) => {
    const violations = await watchViolations(page);
    await visit(page, '/');
    await page.evaluate(`(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.head.append(script);
    })()`);
    const blocked = (source: Violation['source']) =>
      violations.some((violation) => violation.source === source && /script-src/.test(violation.detail));
    await expect.poll(() => blocked('event')).toBe(true);
    await expect.poll(() => blocked('console')).toBe(true);
    expect(await page.evaluate('window.injected === true')).toBe(false);
  });

  test('public pages run without a violation', { tag: '@phone' }, async ({ page }) => {
    const violations = await watchViolations(page);
    for (const path of await pathsOf(page.request, 'public')) await visit(page, path);
    // On a phone, the header's menu opens and closes.
    const menuButton = page.getByRole('button', { name: /menu/ });
    if ((page.viewportSize()?.width ?? 1280) < 768) {
      await menuButton.click();
      await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
      await page.keyboard.press('Escape');
      await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    }
    expect(violations).toEqual([]);
  });

  test('member pages run without a violation, as a member who bought the course', async ({ page }) => {
    test.setTimeout(150_000);
    const violations = await watchViolations(page);
    // Buying goes through /checkout, the test provider's page and /checkout-success; then sign-in.
    await becomeCourseMember(page, uniqueEmail('csp', 'member'));
    const ids = await memberIds(page.request);
    for (const path of await pathsOf(page.request, 'member')) await visit(page, fillParams(path, ids));
    expect(violations).toEqual([]);
  });

  test('admin pages run without a violation, as the support admin', async ({ page }) => {
    const violations = await watchViolations(page);
    await signInThroughApi(page, ADMIN.email, ADMIN.password);
    for (const path of await pathsOf(page.request, 'admin')) await visit(page, path);
    expect(violations).toEqual([]);
  });
});
