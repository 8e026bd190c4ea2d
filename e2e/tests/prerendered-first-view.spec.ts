/**
 * The public pages' first view is HTML (docs/decisions.md, 55; docs/behaviour/public-site-and-catalogue.md#first-view):
 * `/`, `/old-landing`, `/services` and `/pricing` arrive with their heading and content in the page, read
 * without JavaScript, and are then hydrated by the same components (the prerendered markup is kept, no
 * mismatch is reported) and work as before. Screenshots with and without JavaScript at the project's
 * width (390 and 1280 px).
 */
import { expect, test } from '@playwright/test';
import type { ConsoleMessage, Page, Response } from '@playwright/test';
import { createAccount, uniqueEmail } from '../helpers/accounts.js';
import { saveScreenshot } from '../helpers/page-checks.js';
import { closeContexts } from '../helpers/contexts.js';

type PrerenderedPage = {
  path: string;
  name: string;
  heading: string | RegExp;
  /** Words of the page's main content, below its heading. */
  content: string;
};

const PAGES: PrerenderedPage[] = [
  {
    path: '/',
    name: 'home',
    heading: /Why Customers Don.t Come Back/,
    content: 'Questions before you start?',
  },
  {
    path: '/old-landing',
    name: 'old-landing',
    heading: 'Turn first-time guests into regulars',
    content: 'Why owners choose this course',
  },
  {
    path: '/services',
    name: 'services',
    heading: 'Hands-on help for your restaurant',
    content: 'One consultation, with menu, staff and marketing work included.',
  },
  {
    path: '/pricing',
    name: 'pricing',
    heading: 'Choose Your Program',
    content: 'Premium Success Program',
  },
];

/**
 * What the page reports as going wrong: uncaught errors and console errors (React reports a hydration
 * mismatch there, and the browser a failed request, such as a 401 for a visitor's auth check).
 */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    if (message.type() === 'warning' && message.text().includes('prerendered page is rendered again')) {
      problems.push(`console: ${message.text()}`);
    }
  });
  return problems;
}

/** Remembers the element the HTML put in #root before any script ran, to tell hydration from a new render. */
async function rememberPrerenderedRoot(page: Page): Promise<void> {
  await page.addInitScript(`document.addEventListener('readystatechange', () => {
    if (document.readyState === 'interactive') {
      window.__prerenderedRoot = document.getElementById('root')?.firstElementChild ?? null;
      window.__prerenderedParts = [...document.querySelectorAll('#root header, #root footer, #root main li, #root main section')];
    }
  });`);
}

async function keptPrerenderedRoot(page: Page): Promise<boolean> {
  return page.evaluate(
    `window.__prerenderedRoot != null && document.getElementById('root').firstElementChild === window.__prerenderedRoot`,
  ) as Promise<boolean>;
}

/** Hydrated, and the auth check answered: the account buttons have left their placeholders. */
async function waitForHydratedHeader(page: Page): Promise<void> {
  await expect(page.getByTestId('account-loading')).toHaveCount(0);
}

/**
 * Presses the theme switch until React answers: a first hover loads its tooltip, whose trigger replaces
 * the button, and a click landing in that moment is lost (as in shell.spec.ts, which retries the hover).
 */
async function switchTheme(page: Page, to: 'dark' | 'light'): Promise<void> {
  const from = to === 'dark' ? 'light' : 'dark';
  await expect(async () => {
    const toggle = page.getByRole('button', { name: `Switch to ${to} theme` });
    if ((await toggle.count()) > 0) await toggle.click({ timeout: 1_000 });
    await expect(page.getByRole('button', { name: `Switch to ${from} theme` })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass();
  if (to === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
}

test.describe('prerendered first view', () => {
  for (const { path, name, heading, content } of PAGES) {
    test(`${path} reads without JavaScript`, { tag: '@phone' }, async ({ browser }, testInfo) => {
      const context = await browser.newContext({
        javaScriptEnabled: false,
        viewport: testInfo.project.use.viewport ?? null,
        userAgent: testInfo.project.use.userAgent,
        deviceScaleFactor: testInfo.project.use.deviceScaleFactor,
        isMobile: testInfo.project.use.isMobile,
        hasTouch: testInfo.project.use.hasTouch,
        baseURL: testInfo.project.use.baseURL,
      });
      try {
        const page = await context.newPage();
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        const main = page.getByRole('main');
        await expect(main.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(main.getByText(content, { exact: false }).first()).toBeVisible();
        await expect(
          page.getByRole('banner').getByRole('link', { name: 'Restaurant Consultant' }),
        ).toBeVisible();
        await expect(page.getByRole('contentinfo')).toBeVisible();
        expect(await page.title()).not.toBe('Restaurant Consultant');
        // What comes from the catalogue is drawn too (docs/decisions.md, 110).
        if (path === '/services') {
          await expect(main.getByRole('list', { name: 'Services' }).getByRole('listitem')).toHaveCount(4);
          await expect(main.getByRole('img').first()).toBeVisible();
        }
        if (path === '/') await expect(main.getByRole('heading', { name: 'Course content' })).toBeVisible();
        await saveScreenshot(page, testInfo, `${name}-no-js`);
      } finally {
        await closeContexts(context);
      }
    });

    test(`${path} hydrates the prerendered HTML and works`, { tag: '@phone' }, async ({ page }, testInfo) => {
      const problems = collectProblems(page);
      await rememberPrerenderedRoot(page);
      await page.goto(path);
      await expect(page.getByRole('main').getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await waitForHydratedHeader(page);

      // A click only React answers: the theme switch puts `dark` on <html> and says so in its name.
      await switchTheme(page, 'dark');
      await switchTheme(page, 'light');

      expect(await keptPrerenderedRoot(page)).toBe(true);
      // The parts hydrated each in a task of their own (docs/decisions.md, 101) are the server's elements too.
      expect(
        await page.evaluate(
          `window.__prerenderedParts.length > 0 && window.__prerenderedParts.every((part) => part.isConnected)`,
        ),
      ).toBe(true);
      await saveScreenshot(page, testInfo, `${name}-hydrated`);
      expect(problems).toEqual([]);
    });
  }

  test('the pages act on their own clicks once hydrated', async ({ page }) => {
    const problems = collectProblems(page);
    await rememberPrerenderedRoot(page);
    // /pricing: a programme's button asks for the agreement first (its state is the page's, not the header's).
    await page.goto('/pricing');
    const premium = page.getByTestId('programme-revenue_share');
    await premium.getByRole('button', { name: /Apply Now/ }).click();
    await expect(premium.getByRole('alert')).toHaveText(
      'Please agree to the terms and conditions before proceeding.',
    );
    expect(await keptPrerenderedRoot(page)).toBe(true);

    // /old-landing: its text is kept as the server drew it, and its links still open in place
    // (docs/decisions.md, 109): the page is not loaded again.
    await page.goto('/old-landing');
    await waitForHydratedHeader(page);
    await page.evaluate(`window.__samePage = true`);
    await page.getByRole('link', { name: 'View All Services' }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole('list', { name: 'Services' }).getByRole('listitem')).toHaveCount(4);
    expect(await page.evaluate(`window.__samePage === true`)).toBe(true);

    // /services: the products drawn in the HTML go into the cart the header counts.
    await page.goto('/services');
    await page.getByRole('button', { name: /Add to Cart.*Restaurant Consultation/ }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    expect(await keptPrerenderedRoot(page)).toBe(true);
    expect(problems).toEqual([]);
  });

  test(
    'the course outline comes alive as it nears the view, and a press on it before then is answered',
    {
      tag: '@phone',
    },
    async ({ page }) => {
      // docs/decisions.md, 115: the outline's sections hydrate once it nears the screen or the page is first
      // used; a click that arrives before is held and given again once they are hydrated.
      const problems = collectProblems(page);
      await rememberPrerenderedRoot(page);
      await page.goto('/');
      await waitForHydratedHeader(page);
      const trigger = page.locator('#course-content').getByRole('button', { name: /Operations Management/ });
      await expect(trigger).toHaveAttribute('aria-expanded', 'false');
      // A press with no pointer or key before it and no scrolling, as assistive technology may send it.
      await trigger.evaluate((element) => (element as unknown as { click: () => void }).click());
      await expect(trigger).toHaveAttribute('aria-expanded', 'true');
      // Then by the pointer, as a visitor does: it closes again.
      await trigger.click();
      await expect(trigger).toHaveAttribute('aria-expanded', 'false');
      expect(await keptPrerenderedRoot(page)).toBe(true);
      expect(problems).toEqual([]);
    },
  );

  test('the answers a first view shows are drawn in its HTML and never asked for', async ({ page }) => {
    // docs/decisions.md, 110: the gateway renders / and /services with the current outline and products.
    const problems = collectProblems(page);
    for (const [path, api] of [
      ['/services', '/api/products'],
      ['/', '/api/course-preview'],
    ] as const) {
      const html = await (await page.request.get(path, { headers: { accept: 'text/html' } })).text();
      expect(html, `${path}'s data block`).toContain(
        `<script type="application/json" id="first-view-data">{"${api}":`,
      );
      expect(html).not.toContain(`<link rel="preload" href="${api}"`);
      const asked: string[] = [];
      const count = (request: { url: () => string }) => {
        if (new URL(request.url()).pathname === api) asked.push(request.url());
      };
      page.on('request', count);
      await rememberPrerenderedRoot(page);
      await page.goto(path);
      if (path === '/services') {
        await expect(page.getByRole('list', { name: 'Services' }).getByRole('listitem')).toHaveCount(4);
      } else {
        await expect(page.getByRole('heading', { name: 'Course content' })).toBeVisible();
      }
      await waitForHydratedHeader(page);
      expect(asked, `${api} on ${path}`).toEqual([]);
      expect(await keptPrerenderedRoot(page)).toBe(true);
      page.off('request', count);
    }
    expect(problems).toEqual([]);
  });

  test('the first views run their own entry: no federation runtime, remote list or remote file', async ({
    page,
  }) => {
    // docs/decisions.md, 87: the prerendered pages hydrate with the public entry (/public-pages/); the
    // shell, the federation runtime and the remotes start only on a page that needs them.
    const requested: string[] = [];
    // What each first view runs: the scripts' uncompressed bytes (docs/decisions.md, 88).
    const scriptBytes: Promise<number>[] = [];
    const measure = (response: Response) => {
      if (response.request().resourceType() === 'script') {
        scriptBytes.push(response.body().then((body) => body.length));
      }
    };
    page.on('response', measure);
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (
        request.resourceType() === 'script' ||
        pathname === '/remotes.json' ||
        pathname.startsWith('/mfe/')
      ) {
        requested.push(pathname);
      }
    });
    for (const { path } of PAGES) {
      requested.length = 0;
      scriptBytes.length = 0;
      await page.goto(path, { waitUntil: 'networkidle' });
      await waitForHydratedHeader(page);
      const executed = (await Promise.all(scriptBytes)).reduce((sum, bytes) => sum + bytes, 0);
      expect(executed, `JavaScript run by the first view of ${path}`).toBeLessThanOrEqual(300 * 1024);
      expect(requested.length, `scripts on ${path}`).toBeGreaterThan(0);
      expect(
        requested.filter((pathname) => !pathname.startsWith('/public-pages/')),
        `what ${path} loads besides its entry`,
      ).toEqual([]);
      expect(await page.evaluate(() => '__FEDERATION__' in globalThis), `federation on ${path}`).toBe(false);
    }
    page.off('response', measure);
    // The public remote's other pages open in place, still without the federation runtime.
    requested.length = 0;
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(requested.filter((pathname) => !pathname.startsWith('/public-pages/'))).toEqual([]);
    // A page the public entry does not hold is the server's: the shell loads the remote that owns it.
    await createAccount(page.request, uniqueEmail('prerender', 'leave'));
    await page.goto('/pricing');
    await waitForHydratedHeader(page);
    requested.length = 0;
    await page.getByRole('banner').getByRole('link', { name: 'My Dashboard' }).first().click();
    await expect(page).toHaveURL(/\/member\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(requested).toContain('/remotes.json');
    expect(requested).toContain('/mfe/member/mf-manifest.json');
  });

  test('the browser-only state appears once hydrated: a stored dark theme and cart', async ({ page }) => {
    const problems = collectProblems(page);
    await rememberPrerenderedRoot(page);
    await page.addInitScript(`
      localStorage.setItem('theme', 'dark');
      localStorage.setItem('restaurant-consultant-cart', JSON.stringify({
        state: { items: [{ id: 'x-1', name: 'Restaurant Consultation', price: 10000, quantity: 2 }] },
        version: 0,
      }));`);
    await page.goto('/services');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await waitForHydratedHeader(page);
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText('2');
    expect(await keptPrerenderedRoot(page)).toBe(true);
    expect(problems).toEqual([]);
  });

  test('a signed-in visitor gets their own header after hydration', async ({ page }) => {
    const problems = collectProblems(page);
    await createAccount(page.request, uniqueEmail('prerender', 'header'));
    await rememberPrerenderedRoot(page);
    await page.goto('/pricing');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'My Dashboard' })).toBeVisible();
    await expect(header.getByRole('button', { name: /log out/i })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
    expect(await keptPrerenderedRoot(page)).toBe(true);
    expect(problems).toEqual([]);
  });

  test('only those paths get prerendered HTML; other pages and unknown paths are as before', async ({
    page,
  }) => {
    const html = { accept: 'text/html' };
    const services = await page.request.get('/services', { headers: html });
    expect(services.status()).toBe(200);
    expect(services.headers()['cache-control']).toBe('no-cache');
    expect(services.headers()['content-security-policy']).toContain("script-src 'self' 'sha256-");
    expect(await services.text()).toContain('Hands-on help for your restaurant');

    const cart = await page.request.get('/cart', { headers: html });
    expect(cart.status()).toBe(200);
    expect(await cart.text()).toContain('<div id="root"></div>');

    const unknown = await page.request.get('/no/such/page', { headers: html });
    expect(unknown.status()).toBe(404);
    expect(await unknown.text()).toContain('<div id="root"></div>');
    await page.goto('/no/such/page');
    await expect(page.getByText('404 Page Not Found')).toBeVisible();
  });
});
