/**
 * The public site (docs/behaviour/public-site-and-catalogue.md): the course page and its preview player, the
 * landing page, services and the cart; axe on every page; screenshots at the project's width (390 and 1280
 * px).
 */
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, saveScreenshot } from '../helpers/page-checks.js';
import { addConsultationToCart } from '../helpers/cart.js';

const CONSULTATION = 'Restaurant Consultation';

// The node typings have no DOM: the few media-element fields these checks read. (Callbacks passed to
// evaluate() run in the page, so they may only use type casts, never helpers from this file.)
type MediaState = { currentTime: number; duration: number; paused: boolean; muted: boolean };

async function openCoursePage(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: 'Course content' })).toBeVisible();
}

function previewVideo(page: Page): Locator {
  return page.getByRole('region', { name: 'Free preview lessons' }).locator('video');
}

function lessonRow(page: Page, title: string | RegExp): Locator {
  return page.getByRole('button', { name: title });
}

async function expandSection(page: Page, title: string) {
  const trigger = page.getByRole('button', { name: new RegExp(title) });
  if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click();
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
}

async function videoTime(video: Locator): Promise<number> {
  return video.evaluate((element) => (element as unknown as MediaState).currentTime);
}

test.describe('public course page', () => {
  test('shows the course outline, the offer and the sidebar', { tag: '@phone' }, async ({ page }) => {
    await openCoursePage(page);
    await expect(page).toHaveTitle(/Restaurant Management Course/);
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb).toContainText('Business');
    await expect(breadcrumb).toContainText('Restaurant Management');
    await expect(page.getByRole('heading', { level: 1 })).toContainText("Why Customers Don't Come Back");
    await expect(page.getByText('Limited Time Offer')).toBeVisible();
    await expect(page.getByLabel('Course introduction video')).toHaveAttribute('src', /\/api\/demo-video\//);
    await expect(page.getByText('Free preview:', { exact: false })).toBeVisible();
    await expect(page.getByText('Preview this course')).toBeVisible();
    await expect(page.getByText('8 sections • 45 lectures')).toBeVisible();
    // One length, the media's, written one way: 43 sample videos of 12 s (the YouTube lesson and the
    // workbook have none known), and each lesson's own.
    await expect(page.getByText('8 sections • 45 lectures • 8:36 total length')).toBeVisible();
    await expect(lessonRow(page, /^Welcome: From 2-6 Tables to 35\+/)).toContainText('0:12');
    // The seeded section without a real title is named once.
    await expect(page.getByRole('button', { name: 'Section 3', exact: true })).toHaveCount(1);
    await expect(page.getByText('FREE TO WATCH')).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Get FREE Photo Analysis' })).toHaveAttribute(
      'href',
      '/consultation',
    );
    await expect(page.getByRole('heading', { name: 'About the Instructor' })).toBeVisible();
    await expect(page.getByText('Former Restaurant Owner')).toBeVisible();
    await expect(page.getByRole('img', { name: /instructor/i })).toBeVisible();
    await expect(page.locator('#home')).toHaveCount(1);
    await expect(page.locator('#contact')).toHaveCount(1);
  });

  test('plays a free lesson with the play overlay, then moves on to the next free lesson', async ({
    page,
  }) => {
    await openCoursePage(page);
    const video = previewVideo(page);
    // Not started: the first free video is loaded, the overlay waits for a click.
    await expect(video).toHaveAttribute('src', /free-preview-1\.mp4$/);
    expect(await video.evaluate((element) => (element as unknown as MediaState).paused)).toBe(true);

    // Choosing a lesson before starting changes the source but does not play.
    await lessonRow(page, /^Why Guests Don't Come Back/).click();
    await expect(video).toHaveAttribute('src', /free-preview-2\.mp4$/);
    await expect(lessonRow(page, /^Why Guests Don't Come Back/)).toHaveAttribute('aria-current', 'true');

    await page.getByRole('button', { name: "Play lesson: Why Guests Don't Come Back" }).click();
    await expect.poll(() => videoTime(video), { timeout: 15_000 }).toBeGreaterThan(0.5);
    expect(await video.evaluate((element) => (element as unknown as MediaState).muted)).toBe(false);

    // Once started, a chosen lesson plays by itself.
    await lessonRow(page, /^The First 60 Seconds at the Table/).click();
    await expect(video).toHaveAttribute('src', /free-preview-3\.mp4$/);
    await expect.poll(() => videoTime(video), { timeout: 15_000 }).toBeGreaterThan(0.3);

    // When a free video ends, the next free lesson plays.
    await video.evaluate((element) => {
      const video = element as unknown as MediaState;
      video.currentTime = Math.max(0, video.duration - 0.3);
    });
    await expect(lessonRow(page, /^Seeing Your Restaurant Through a Guest's Eyes/)).toHaveAttribute(
      'aria-current',
      'true',
      { timeout: 15_000 },
    );
    await expect(video).toHaveAttribute('src', /free-preview-1\.mp4$/);
    await expect.poll(() => videoTime(video), { timeout: 15_000 }).toBeGreaterThan(0.3);
  });

  test('a locked lesson cannot be opened', async ({ page }) => {
    await openCoursePage(page);
    const video = previewVideo(page);
    await expandSection(page, 'Operations Management');

    // The first lesson of a paid section is open; the others are locked.
    await expect(lessonRow(page, /^Opening and Closing Checklists/)).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );
    const locked = lessonRow(page, /^Inventory, Par Levels and Ordering/);
    await expect(locked).toHaveAttribute('aria-disabled', 'true');
    await expect(locked).toContainText('(locked)');
    // aria-disabled counts as disabled for Playwright: force the click a visitor could still make.
    await locked.click({ force: true });
    await expect(locked).not.toHaveAttribute('aria-current', 'true');
    await expect(video).toHaveAttribute('src', /free-preview-1\.mp4$/);
    await expect(locked.locator('[href], [src]')).toHaveCount(0);

    // The keyboard does nothing either.
    await locked.focus();
    await page.keyboard.press('Enter');
    await expect(video).toHaveAttribute('src', /free-preview-1\.mp4$/);

    // The open one plays in the player.
    await lessonRow(page, /^Opening and Closing Checklists/).click();
    await expect(video).toHaveAttribute('src', /section-introduction\.mp4$/);
  });

  test('a document lesson shows as a Resource and is never played', async ({ page }) => {
    await openCoursePage(page);
    const video = previewVideo(page);
    await expandSection(page, 'Common Mistakes and Setting Goals');
    const documentRow = page.locator('[data-lesson-state]').filter({ hasText: 'Bonus Resource' });
    await expect(documentRow).toHaveCount(1);
    await expect(documentRow).toContainText('Resource');
    await expect(documentRow.locator('video, iframe')).toHaveCount(0);
    await documentRow.click();
    await expect(video).toHaveAttribute('src', /free-preview-1\.mp4$/);
    await expect(page.locator('video[src$=".pdf"], video[src$=".docx"]')).toHaveCount(0);
  });

  test('Free tags, the keyboard and the outline counts', async ({ page }) => {
    await openCoursePage(page);
    const freeSection = page.getByRole('region', { name: /Free Preview Videos/ });
    await expect(freeSection.getByText('Free', { exact: true })).toHaveCount(15);
    // Keyboard: an open lesson is reachable with Tab and opens with Enter.
    const row = lessonRow(page, /^The Photo Walkthrough/);
    await row.focus();
    await page.keyboard.press('Enter');
    await expect(row).toHaveAttribute('aria-current', 'true');
    await expect(previewVideo(page)).toHaveAttribute('src', /free-preview-2\.mp4$/);
  });

  test('a failed outline shows a friendly error and Try again loads it', async ({ page }) => {
    let fail = true;
    await page.route('**/api/course-preview', (route) =>
      fail ? route.fulfill({ status: 503, body: 'Service Unavailable' }) : route.continue(),
    );
    // The first view of `/` comes with its outline (docs/decisions.md, 110): the page reads it itself when
    // it is opened from another page.
    await page.goto('/cart');
    await page.getByRole('link', { name: 'Continue Shopping' }).click();
    await expect(page).toHaveURL(/\/$/);
    const retry = page.getByRole('button', { name: 'Try again' });
    await expect(retry).toBeVisible();
    await expect(page.getByText("We couldn't load the course lessons")).toBeVisible();
    fail = false;
    await retry.click();
    await expect(page.getByRole('heading', { level: 2, name: 'Course content' })).toBeVisible();
  });
});

test.describe('landing, services and cart', () => {
  test('the old landing page links to sign-in and services', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/old-landing');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const name of ['Start Watching Now', 'Start Your Journey', 'Get Started Now']) {
      await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute('href', '/api/login');
    }
    // One header and one sign-in button: the site header's, not a second bar of the page's own.
    await expect(page.getByRole('main').getByText('Restaurant Consultant', { exact: true })).toHaveCount(0);
    const openMenu = page.getByRole('button', { name: 'Open menu' });
    if (await openMenu.isVisible()) await openMenu.click();
    const signIn = page.getByRole('link', { name: /^(sign in|log ?in)$/i });
    await expect(signIn).toHaveCount(1);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    if (await page.getByRole('button', { name: 'Close menu' }).isVisible())
      await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(page.getByRole('link', { name: 'View All Services' })).toHaveAttribute('href', '/services');
    await expect(page.getByText('45+ lessons')).toBeVisible();
    await expect(page.getByText('18+ hours')).toBeVisible();
    for (const title of [
      'Expert Guidance',
      'Interactive Learning',
      'Proven Results',
      'Foundation',
      'Implementation',
    ]) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
    for (const word of ['FREE', 'REAL', 'NEW']) {
      await expect(page.getByRole('heading', { name: new RegExp(`^${word} `) })).toBeVisible();
    }
  });

  test(
    'services list the catalogue with prices and the right buttons',
    { tag: '@phone' },
    async ({ page }) => {
      await page.goto('/services');
      const cards = page.getByRole('list', { name: 'Services' }).getByRole('listitem');
      await expect(cards).toHaveCount(4);
      await expect(page.getByRole('img', { name: CONSULTATION })).toBeVisible();
      await expect(page.getByText('$697.00').first()).toBeVisible();
      await expect(page.getByText('Included', { exact: true })).toHaveCount(3);
      await expect(page.getByText('Consulting', { exact: true }).first()).toBeVisible();
      await expect(page.getByRole('button', { name: /Add to Cart/ })).toHaveCount(1);
      await expect(page.getByRole('link', { name: /Learn More/ })).toHaveCount(3);
      await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
      await expect(page.getByRole('link', { name: /View Cart/ })).toHaveAttribute('href', '/cart');
    },
  );

  test('Add to Cart, then the cart rules: plus, minus floors at 1, reload, remove, clear', async ({
    page,
  }) => {
    await addConsultationToCart(page);
    await expect(page.getByText('Added to cart', { exact: true })).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await page.getByRole('link', { name: /View Cart/ }).click();

    // The cart page itself makes no network calls.
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
    });

    await expect(page).toHaveTitle('Shopping Cart (1)');
    await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
    await expect(page.getByText('1 item in your cart')).toBeVisible();
    const row = page.getByTestId('cart-row');
    await expect(row).toContainText(CONSULTATION);
    await expect(row).toContainText('Complete Restaurant Management Course');
    await expect(row).toContainText('Bestseller');
    await expect(row).toContainText('45 lessons • 8 sections');
    await expect(row.getByTestId('line-price')).toHaveText('$697.00');
    await expect(row.locator('s')).toHaveText('$997.00');
    await expect(page.getByTestId('subtotal')).toHaveText('$997.00');
    await expect(page.getByTestId('discount')).toHaveText('-$300.00');
    await expect(page.getByTestId('total')).toHaveText('$697.00');
    await expect(page.getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute(
      'href',
      '/checkout',
    );

    const minus = page.getByRole('button', { name: `Decrease quantity of ${CONSULTATION}` });
    const plus = page.getByRole('button', { name: `Increase quantity of ${CONSULTATION}` });
    const quantity = row.getByTestId('quantity');
    await expect(minus).toBeDisabled();
    await plus.click();
    await expect(quantity).toHaveText('2');
    await expect(page).toHaveTitle('Shopping Cart (2)');
    await expect(page.getByText('2 items in your cart')).toBeVisible();
    await expect(row.getByTestId('line-price')).toHaveText('$1,394.00');
    await expect(page.getByTestId('total')).toHaveText('$1,394.00');
    await expect(page.getByTestId('discount')).toHaveText('-$600.00');
    await minus.click();
    await expect(quantity).toHaveText('1');
    await expect(minus).toBeDisabled();
    await minus.click({ force: true });
    await expect(quantity).toHaveText('1');
    expect(apiCalls).toEqual([]);

    await plus.click();
    await page.reload();
    await expect(page.getByTestId('quantity')).toHaveText('2');

    await page.getByRole('button', { name: `Remove ${CONSULTATION}` }).click();
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expect(page).toHaveTitle('Shopping Cart - Restaurant Management Course');

    await addConsultationToCart(page);
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Clear Cart' }).click();
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expect(
      page.getByText('Add some courses to get started with your restaurant management journey'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  });

  test('an unknown path shows 404 Page Not Found', async ({ page }) => {
    await page.goto('/this/page/does-not-exist');
    await expect(page.getByText('404 Page Not Found')).toBeVisible();
  });
});

test.describe('accessibility and screenshots', { tag: '@phone' }, () => {
  const pages = [
    {
      name: 'course-page',
      path: '/',
      ready: (page: Page) => page.getByRole('heading', { name: 'Course content' }),
    },
    {
      name: 'old-landing',
      path: '/old-landing',
      ready: (page: Page) => page.getByRole('heading', { level: 1 }),
    },
    {
      name: 'services',
      path: '/services',
      ready: (page: Page) => page.getByRole('list', { name: 'Services' }),
    },
    { name: 'cart-empty', path: '/cart', ready: (page: Page) => page.getByText('Your cart is empty') },
  ];

  for (const { name, path, ready } of pages) {
    test(`${name}: no serious or critical axe violations`, async ({ page }, testInfo) => {
      await page.goto(path);
      await expect(ready(page)).toBeVisible();
      await expectNoSeriousA11yViolations(page, testInfo, name);
      await saveScreenshot(page, testInfo, name);
    });
  }

  test('cart-filled: no serious or critical axe violations', async ({ page }, testInfo) => {
    await addConsultationToCart(page);
    await page.goto('/cart');
    await expect(page.getByTestId('cart-row')).toBeVisible();
    await expectNoSeriousA11yViolations(page, testInfo, 'cart-filled');
    await saveScreenshot(page, testInfo, 'cart-filled');
  });
});
