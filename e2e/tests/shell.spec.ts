import { expect, test } from '@playwright/test';
import { createAccount, uniqueEmail } from '../helpers/accounts.js';
import { saveScreenshot } from '../helpers/page-checks.js';

test.describe('shell and micro-frontends', () => {
  test('the shell loads the public micro-frontend at /', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/');
    await expect(page.locator('main')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(errors).toEqual([]);
    await saveScreenshot(page, test.info(), 'home');
  });

  test('member and admin routes come from their own remotes', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/private-admin-panel-support-only');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('any other path shows 404 Page Not Found', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('404 Page Not Found')).toBeVisible();
  });

  test('a remote that fails to load shows a friendly message, and Retry loads it', async ({ page }) => {
    let blocked = true;
    await page.route('**/mfe/public/**', (route) => (blocked ? route.abort() : route.continue()));
    // `/cart` is not prerendered: the shell loads mfe-public for it (the prerendered pages never do).
    await page.goto('/cart');
    const retry = page.getByRole('button', { name: /retry/i });
    await expect(retry).toBeVisible();
    await saveScreenshot(page, test.info(), 'remote-failed');
    blocked = false;
    await retry.click();
    await expect(retry).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('a URL loads only the remote that owns it; an unknown URL loads none', async ({ page }) => {
    const remoteFiles: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/mfe/')) remoteFiles.push(pathname);
    });
    // Signed in, so the member page stays (signed out it would send the visitor to /login).
    await createAccount(page.request, uniqueEmail('shell', 'remote'));
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(remoteFiles).toContain('/mfe/member/mf-manifest.json');
    expect(remoteFiles.filter((path) => !path.startsWith('/mfe/member/'))).toEqual([]);

    // A page of its own: the dashboard may still be fetching chunks it loads after its heading (they
    // once arrived after the next navigation had begun, and were counted against the unknown URL).
    const unknown = await page.context().newPage();
    const unknownFiles: string[] = [];
    unknown.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/mfe/')) unknownFiles.push(pathname);
    });
    await unknown.goto('/no/such/page');
    await expect(unknown.getByText('404 Page Not Found')).toBeVisible();
    expect(unknownFiles).toEqual([]);
  });

  test(
    'the header offers Login when signed out and gains a shadow once scrolled',
    { tag: '@phone' },
    async ({ page }) => {
      await page.goto('/checkout');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const header = page.locator('header[data-scrolled]');
      const menuButton = page.getByRole('button', { name: 'Open menu' });
      if (await menuButton.isVisible()) await menuButton.click();
      await expect(header.getByRole('link', { name: 'Login', exact: true }).last()).toBeVisible();
      await expect(header.getByRole('link', { name: 'View All Plans' }).last()).toHaveAttribute(
        'href',
        '/pricing',
      );

      await expect(header).toHaveAttribute('data-scrolled', 'false');
      // A page tall enough to scroll, whatever the placeholder's height (a string: no DOM types in e2e).
      await page.evaluate(
        "document.body.style.minHeight = '3000px'; window.scrollTo({ top: 400, behavior: 'instant' })",
      );
      await expect(header).toHaveAttribute('data-scrolled', 'true');
      await expect(header).toHaveCSS('box-shadow', /rgba\(0, 0, 0, 0\.1\)/);
    },
  );

  test('the theme toggle explains itself in a tooltip, on hover and on keyboard focus', async ({ page }) => {
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const toggle = page.getByRole('button', { name: 'Switch to dark theme' });
    const tooltip = page.locator('[data-slot="tooltip-content"]');

    // The tooltip's code loads on the first hover; the pointer moving on opens it after 700 ms.
    await expect(async () => {
      await toggle.hover({ position: { x: 8, y: 8 } });
      await toggle.hover({ position: { x: 16, y: 16 } });
      await expect(tooltip).toHaveText('Switch to dark theme', { timeout: 1_500 });
    }).toPass();

    // Keyboard focus (a fresh page: the code loads on focus) opens it and keeps the focus on the button.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // (Strings for page.evaluate: the e2e code has no DOM types.)
    const focusedLabel = () => page.evaluate("document.activeElement?.getAttribute('aria-label') ?? ''");
    for (let presses = 0; presses < 12 && (await focusedLabel()) !== 'Switch to dark theme'; presses++) {
      await page.keyboard.press('Tab');
    }
    await expect(toggle).toBeFocused();
    await expect(tooltip).toHaveText('Switch to dark theme');
    await expect(toggle).toBeFocused();
  });

  test("a click on the theme switch counts even when the tooltip's code arrives while it is pressed", async ({
    page,
  }) => {
    await page.goto('/checkout');
    const toggle = page.getByRole('button', { name: 'Switch to dark theme' });
    await expect(toggle).toBeEnabled();
    await page.waitForLoadState('networkidle');
    // The tooltip's code, asked for on the first hover, is held until the button is pressed.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const held: Promise<unknown>[] = [];
    let asked = () => {};
    const requested = new Promise<void>((resolve) => (asked = resolve));
    await page.route('**/*.js', (route) => {
      const answered = released.then(() => route.continue());
      held.push(answered);
      asked();
      return answered;
    });
    const box = await toggle.boundingBox();
    expect(box).not.toBeNull();
    await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
    await requested;
    await page.mouse.down();
    release();
    await Promise.all(held);
    // The code is in; the page draws with it while the button is still held down.
    await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
    await page.mouse.up();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    // Then the tooltip's trigger takes the button's place.
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toHaveAttribute(
      'data-state',
      /.+/,
    );
  });

  test('the theme choice is kept across a reload', async ({ page }) => {
    await page.goto('/checkout');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
    expect(await page.evaluate("localStorage.getItem('theme')")).toBe('dark');
  });

  test('API paths that no service owns answer JSON 404', async ({ request }) => {
    const response = await request.get('/api/nothing-here');
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ message: expect.any(String) });
  });
});
