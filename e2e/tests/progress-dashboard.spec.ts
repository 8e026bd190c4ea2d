/**
 * `/dashboard`, the progress variant (docs/behaviour/member-learning.md#progress-dashboard;
 * docs/decisions.md, 6), against the embedded site: signed-out visitors go to /login; a free account sees
 * 'Course Access Required'; a member who bought the course sees its eight sections on the drip schedule —
 * section 1 Available, sections 2–8 Locked with 'Unlocks in 1 day' … 'Unlocks in 7 days' — '0 of 8 sections
 * completed', the release note, 'About This Course', and 'Access Section Content' to /module/{id}. Axe and
 * screenshots on a desktop and a 375 px phone. The page needs one read beside the user's
 * (`GET /api/enrollments/dashboard`, docs/decisions.md, 51), for a member and for an rs_pending owner
 * (Module 1 open, 'Action Required', the revenue-share card, whose own read also goes beside it), and does
 * not shift while it arrives.
 */
import { writeFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { Page, TestInfo } from '@playwright/test';
import { becomeCourseMember, uniqueEmail, signInNewAccount } from '../helpers/accounts.js';
import { isMailPeerRunning } from '../helpers/mail-peer.js';
import { expectNoSeriousA11yViolations, saveScreenshot, screenshotBoth } from '../helpers/page-checks.js';
import { joinRevenueShare } from '../helpers/revenue-share.js';

type Section = { id: number; title: string; isAvailable: boolean; unlockDate: string | null };

async function sectionsOf(page: Page, courseId: number): Promise<Section[]> {
  const response = await page.request.get(`/api/courses/${courseId}/available-modules`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Section[];
}

test('a signed-out visitor is sent to /login', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('a free account sees Course Access Required with the ways to get access', async ({ page }, testInfo) => {
  await signInNewAccount(page, 'progress', 'free');
  await page.goto('/dashboard');

  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Ana!' })).toBeVisible();
  const card = page.getByTestId('course-access-required');
  await expect(card.getByRole('heading', { name: 'Course Access Required' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'View Membership Plans' })).toHaveAttribute(
    'href',
    '/membership',
  );
  await expect(card.getByRole('link', { name: 'Explore Services' })).toHaveAttribute('href', '/services');
  await expect(card.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('heading', { name: 'Course Sections' })).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('button', { name: 'Log out' })).toBeEnabled();

  await screenshotBoth(page, testInfo, 'progress-dashboard-free');
  await expectNoSeriousA11yViolations(page, testInfo, 'progress-dashboard-free');
});

test(
  'a member sees the drip schedule: section 1 open, sections 2-8 locked day by day',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    expect(isMailPeerRunning(), 'the SMTP peer of global-setup-smtp.ts is running').toBe(true);
    const email = uniqueEmail('progress', 'member');
    await becomeCourseMember(page, email);
    const enrolments = (await (await page.request.get('/api/enrollments')).json()) as { courseId: number }[];
    const sections = await sectionsOf(page, enrolments[0]!.courseId);
    expect(sections).toHaveLength(8);

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Maria!' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Course Sections' })).toBeVisible();
    await expect(page.getByTestId('progress-percent')).toHaveText('0%');
    await expect(page.getByTestId('sections-completed')).toHaveText('0 of 8 sections completed');
    await expect(page.getByRole('progressbar', { name: 'Course progress' })).toBeVisible();
    await expect(page.getByTestId('enrolled-date')).toContainText(/^Enrolled: \w{3} \d{1,2}, \d{4}$/);
    await expect(page.getByTestId('release-schedule')).toContainText('Content Release Schedule');
    await expect(page.getByTestId('course-duration')).toHaveText(
      'Duration: 8 sections, Drip-feed delivery over 8 days',
    );
    // A regular buyer owes no consultation: no 'Action Required'.
    await expect(page.getByTestId('consultation-banner')).toHaveCount(0);

    const rows = page.getByTestId('course-section');
    await expect(rows).toHaveCount(8);
    for (const [index, section] of sections.entries()) {
      // A section without a real title (the seeded 'Section 3') is named once.
      const placeholder = section.title === `Section ${index + 1}`;
      await expect(rows.nth(index)).toContainText(
        placeholder ? section.title : `Section ${index + 1}: ${section.title}`,
      );
    }
    await expect(rows.nth(2)).not.toContainText('Section 3: Section 3');
    const badges = page.getByTestId('section-status');
    await expect(badges.filter({ hasText: /^Available$/ })).toHaveCount(1);
    await expect(badges.filter({ hasText: /^Locked$/ })).toHaveCount(7);
    await expect(rows.nth(0).getByTestId('section-status')).toHaveText('Available');
    for (let day = 1; day <= 7; day += 1) {
      const unlocks = rows.nth(day).getByTestId('unlocks-in');
      await expect(unlocks).toHaveText(day === 1 ? 'Unlocks in 1 day' : `Unlocks in ${day} days`);
      // The exact release instant, in the member's local time, on hover.
      await expect(unlocks).toHaveAttribute('datetime', sections[day]!.unlockDate!);
      await expect(unlocks).toHaveAttribute('title', /^Opens \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M$/);
    }

    // The current section starts expanded and leads to its content.
    const access = page.getByRole('link', { name: 'Access Section Content' });
    await expect(access).toHaveCount(1);
    await expect(access).toHaveAttribute('href', `/module/${sections[0]!.id}`);

    // Nothing opened after day 0 yet: no unlock toast for a new member.
    await expect(page.getByText('New Section Unlocked!')).toHaveCount(0);

    await screenshotBoth(page, testInfo, 'progress-dashboard-member');
    await expectNoSeriousA11yViolations(page, testInfo, 'progress-dashboard-member');

    // Keyboard: section 2's row opens with Enter and says when it opens; no way into its content yet.
    const second = rows.nth(1).getByRole('button');
    await second.focus();
    await page.keyboard.press('Enter');
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(rows.nth(1)).toContainText('This section opens on');
    await expect(rows.nth(1).getByRole('link', { name: 'Access Section Content' })).toHaveCount(0);
    await screenshotBoth(page, testInfo, 'progress-dashboard-member-locked-open');
  },
);

/** The path of an API call, or null for anything else. */
function apiPath(url: string): string | null {
  const { pathname } = new URL(url);
  return pathname.startsWith('/api/') ? pathname : null;
}

const USER = '/api/auth/session';
/** Everything the dashboard shows, in one read (docs/decisions.md, 51). */
const DASHBOARD = '/api/enrollments/dashboard';
/** What the account bought (the consultation's card), read beside it. */
const PURCHASES = '/api/payment/my-purchases';

type Shift = { value: number; inMain: boolean; sources: string[] };

/** Keeps a text beside the test's screenshots, and attaches it to the report. */
async function attachFile(testInfo: TestInfo, name: string, text: string): Promise<void> {
  const path = testInfo.outputPath(name);
  await writeFile(path, text);
  await testInfo.attach(name, {
    path,
    contentType: name.endsWith('.json') ? 'application/json' : 'text/plain',
  });
}

/**
 * Opens /dashboard (from a blank page, so only its own load is recorded) and proves that it needs one round
 * trip beside the user's:
 * - the user's answer is held until the dashboard's read has started: it starts with the user, not after;
 * - the dashboard's answer is held until the reads of `besideDashboard` have started (and until the
 *   placeholders are pictured): were they asked for after it, they would never start and this times out;
 * - every other API call is held until the page has loaded: were the page to need one, it would never load;
 *   and none is made.
 * Returns the layout shifts of the whole load.
 */
async function loadInOneRoundTrip(
  page: Page,
  testInfo: TestInfo,
  options: {
    name: string;
    besideDashboard?: string[];
    /** Checks while the placeholders stand (the dashboard's read held). */
    loading?: () => Promise<void>;
    loaded: () => Promise<void>;
  },
): Promise<Shift[]> {
  const beside = options.besideDashboard ?? [];
  // Away from the site, so only the dashboard's own load is recorded below (sign-in left us on it).
  await page.goto('about:blank');

  // The order of events in the browser: each API call's start and the arrival of its answer.
  const events: string[] = [];
  page.on('request', (request) => {
    const path = apiPath(request.url());
    if (path) events.push(`start ${path}`);
  });
  page.on('response', (response) => {
    const path = apiPath(response.url());
    if (path) events.push(`answer ${path}`);
  });
  // Layout shifts over the whole load, from the first paint on, with whether each moved something of the
  // page itself (inside <main>) or of the site's frame around it.
  // (Browser code as text: the specs are compiled without the DOM's types.)
  await page.addInitScript(`(() => {
    const shifts = [];
    window.__layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.hadRecentInput) continue;
        const nodes = (entry.sources || []).map((source) => source.node);
        shifts.push({
          value: entry.value,
          inMain: nodes.some((node) => node instanceof Element && node.closest('main') !== null),
          sources: nodes.map((node) =>
            node instanceof Element ? (node.tagName + ' ' + node.className).slice(0, 120) : String(node),
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  })()`);

  const started = (path: string) => page.waitForRequest((request) => apiPath(request.url()) === path);
  const dashboardStarted = started(DASHBOARD);
  const besideStarted = Promise.all(beside.map(started));
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let finishLoad: () => void = () => {};
  const pageLoaded = new Promise<void>((resolve) => {
    finishLoad = resolve;
  });
  const others: string[] = [];
  await page.route('**/api/**', async (route) => {
    const path = apiPath(route.request().url());
    if (path === USER) await dashboardStarted;
    else if (path === DASHBOARD) await Promise.all([besideStarted, released]);
    else if (path && !beside.includes(path)) {
      others.push(`${route.request().method()} ${path}`);
      await pageLoaded;
    }
    await route.continue();
  });

  await page.goto('/dashboard');
  await Promise.all([dashboardStarted, besideStarted]);
  // Loading: the placeholders stand where the course will be.
  await expect(page.getByTestId('dashboard-skeleton')).toBeVisible();
  await options.loading?.();
  await saveScreenshot(page, testInfo, `${options.name}-loading`);
  release();

  await options.loaded();
  const othersWhileLoading = [...others];
  finishLoad();
  await saveScreenshot(page, testInfo, `${options.name}-loaded`);

  await attachFile(testInfo, 'api-call-order.txt', events.join('\n'));
  const at = (event: string) => {
    const index = events.indexOf(event);
    expect(index, `${event} in ${JSON.stringify(events)}`).toBeGreaterThanOrEqual(0);
    return index;
  };
  // The dashboard's read is asked for together with the user, not after its answer...
  expect(at(`start ${DASHBOARD}`)).toBeLessThan(at(`answer ${USER}`));
  // ...what else the page reads (knowing only the user) does not wait for the dashboard's answer...
  for (const path of beside) expect(at(`start ${path}`)).toBeLessThan(at(`answer ${DASHBOARD}`));
  // ...and nothing else was asked for: the page loaded on these answers alone.
  expect(othersWhileLoading, 'other API calls while the dashboard loaded').toEqual([]);
  const asked = events.filter((event) => event.startsWith('start ')).map((event) => event.slice(6));
  expect(asked.toSorted()).toEqual([USER, DASHBOARD, ...beside].toSorted());

  const shifts = await page.evaluate<Shift[]>('window.__layoutShifts');
  await attachFile(testInfo, 'layout-shifts.json', JSON.stringify(shifts, null, 2));
  return shifts;
}

test(
  "a member's dashboard loads in one read beside the user's and does not shift when it arrives",
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    expect(isMailPeerRunning(), 'the SMTP peer of global-setup-smtp.ts is running').toBe(true);
    await becomeCourseMember(page, uniqueEmail('progress', 'one-read'));

    const shifts = await loadInOneRoundTrip(page, testInfo, {
      name: 'progress-dashboard',
      besideDashboard: [PURCHASES],
      loaded: async () => {
        // The first answer after the placeholders: a loaded machine may take more than 5 s to render it.
        await expect(page.getByTestId('sections-completed')).toHaveText('0 of 8 sections completed', {
          timeout: 15_000,
        });
        await expect(page.getByTestId('course-section')).toHaveCount(8);
        await expect(page.getByTestId('course-duration')).toBeVisible();
      },
    });
    // Nothing of the dashboard moves as its data arrives: the placeholders have the loaded page's shape and
    // are replaced, not pushed. (The site header's own account buttons, outside <main>, may still nudge its
    // links when the user arrives on a wide screen; that is the shell's, not this page's.)
    expect(
      shifts.filter((shift) => shift.inMain),
      'layout shifts inside the dashboard while it loads',
    ).toEqual([]);
  },
);

/** A signed-in owner on the revenue-share plan (through the API, as the welcome page does): rs_pending. */
async function becomeOwner(page: Page): Promise<void> {
  await signInNewAccount(page, 'progress', 'owner');
  await joinRevenueShare(page, 3_000_000, /^rs_pending$/);
}

test(
  'an rs_pending owner is told the consultation unlocks sections 2-8, on the dashboard and the section page',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    await becomeOwner(page);
    const enrolments = (await (await page.request.get('/api/enrollments')).json()) as { courseId: number }[];
    const sections = await sectionsOf(page, enrolments[0]!.courseId);

    await page.goto('/dashboard');
    const rows = page.getByTestId('course-section');
    await expect(rows).toHaveCount(8, { timeout: 15_000 });
    // On enrolment day too: not 'Unlocks in 1 day', which would not open them.
    for (let index = 1; index < 8; index += 1) {
      await expect(rows.nth(index)).toContainText('Unlocks after you submit your restaurant consultation');
    }
    await expect(page.getByTestId('unlocks-in')).toHaveCount(0);
    const second = rows.nth(1).getByRole('button');
    await second.click();
    await expect(rows.nth(1)).toContainText(
      'This section opens once your restaurant consultation is submitted.',
    );
    await expect(rows.nth(1).getByRole('link', { name: 'Submit Restaurant Consultation' })).toHaveAttribute(
      'href',
      '/consultation',
    );
    await screenshotBoth(page, testInfo, 'progress-dashboard-owner-consultation');

    await page.goto(`/module/${sections[1]!.id}`);
    const locked = page.getByTestId('section-locked');
    await expect(locked).toContainText('This section unlocks after you submit your restaurant consultation.');
    await expect(locked.getByRole('link', { name: 'Submit Restaurant Consultation' })).toHaveAttribute(
      'href',
      '/consultation',
    );
    await screenshotBoth(page, testInfo, 'section-page-owner-consultation');
    await expectNoSeriousA11yViolations(page, testInfo, 'section-page-owner-consultation');
  },
);

test(
  "an rs_pending owner's dashboard: Module 1 open, 'Action Required' and the revenue card, in one round trip",
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    await becomeOwner(page);
    const shifts = await loadInOneRoundTrip(page, testInfo, {
      name: 'progress-dashboard-owner',
      // The revenue-share card's read and the card on file's need only the user: they go beside the
      // dashboard's.
      besideDashboard: ['/api/revenue-reports', '/api/saved-card', PURCHASES],
      // What the user alone decides is there before the course: the banner and the card's place.
      loading: async () => {
        const skeleton = page.getByTestId('dashboard-skeleton');
        await expect(skeleton.getByRole('heading', { name: 'Action Required' })).toBeVisible();
        await expect(skeleton.getByRole('region', { name: 'Revenue Share' })).toBeVisible();
      },
      loaded: async () => {
        await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Ana!' })).toBeVisible();
        const banner = page.getByTestId('consultation-banner');
        // The first answer after the placeholders: a loaded machine may take more than 5 s to render it.
        await expect(banner.getByRole('heading', { name: 'Action Required' })).toBeVisible({
          timeout: 15_000,
        });
        await expect(page.getByRole('region', { name: 'Revenue Share' })).toBeVisible();
        await expect(page.getByTestId('revenue-share-status')).toHaveText('Current');
        const badges = page.getByTestId('section-status');
        await expect(badges).toHaveCount(8);
        await expect(badges.filter({ hasText: /^Available$/ })).toHaveCount(1);
        await expect(badges.filter({ hasText: /^Locked$/ })).toHaveCount(7);
        await expect(page.getByTestId('course-section').first().getByTestId('section-status')).toHaveText(
          'Available',
        );
        const firstSection = await page
          .getByRole('link', { name: 'Access Section Content' })
          .getAttribute('href');
        await expect(banner.getByRole('link', { name: 'Continue with Module 1' })).toHaveAttribute(
          'href',
          firstSection ?? '',
        );
      },
    });
    // 'Action Required' and the revenue-share card stand in the placeholders from the user's answer on, so
    // nothing moves when the course arrives.
    expect(
      shifts.filter((shift) => shift.inMain),
      'layout shifts inside the dashboard while it loads',
    ).toEqual([]);
    await expect(page.getByTestId('dashboard-skeleton')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, testInfo, 'progress-dashboard-owner');
  },
);
