/**
 * The admin consultations page passes axe like the public pages (docs/behaviour/admin.md#admin-consultations-page),
 * on a desktop and a phone: the list, and a submission with photo thumbnails (links named after the photo they
 * open), a video and a document. Screenshots of both.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { ADMIN, signInThroughApi, uniqueEmail } from '../helpers/accounts.js';
import { completeRequest, requestFiles, uploadRequestFile } from '../helpers/consultation.js';
import { expectImageLoaded, expectNoSeriousA11yViolations, saveScreenshot } from '../helpers/page-checks.js';

const ADMIN_PAGE = '/private-admin-panel-support-only';

/** A visitor's request with two photos, a video and a menu PDF, completed, as the form sends it. */
async function sendRequest(request: APIRequestContext, businessName: string): Promise<void> {
  const created = await request.post('/api/consultation', {
    data: {
      businessName,
      ownerName: 'Ana Lopez',
      email: uniqueEmail('admin-a11y', 'owner'),
      phone: '',
      restaurantPhone: '',
      restaurantName: `${businessName} Kitchen`,
      location: 'Denver, CO',
      currentChallenges: 'Weekday dinners are half empty and few guests come back.',
      consultationGoals: 'Fill the dining room four nights a week within three months.',
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const started = (await created.json()) as { submissionId: string; uploadToken: string };
  for (const file of await requestFiles(['dining-room.png', 'IMG_0042.png']))
    await uploadRequestFile(request, started, file);
  await completeRequest(request, started);
}

test(
  'the admin consultations page passes axe, its list and a submission with photos',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const businessName = `Lopez Family Foods ${randomUUID().slice(0, 6)}`;
    await sendRequest(page.request, businessName);

    await signInThroughApi(page, ADMIN.email, ADMIN.password);
    await page.goto(ADMIN_PAGE);
    await expect(page.getByRole('heading', { level: 1, name: 'Consultation Submissions' })).toBeVisible();
    const item = page.getByRole('button', { name: new RegExp(businessName) });
    await expect(item).toBeVisible();
    await expectNoSeriousA11yViolations(page, testInfo, 'admin consultations list');
    await saveScreenshot(page, testInfo, 'admin-consultations-list');

    await item.click();
    const detail = page.getByTestId('submission-detail');
    await expect(detail.getByRole('heading', { level: 2, name: businessName })).toBeVisible();
    // Each thumbnail is a link named after the photo it opens.
    const photos = detail.getByRole('list', { name: 'Photos' }).getByRole('link');
    await expect(photos).toHaveCount(2);
    for (const index of [0, 1]) {
      await expect(photos.nth(index)).toHaveAccessibleName(
        new RegExp(
          `^Photo ${index + 1} of 2: (dining-room|IMG_0042)\\.png \\(opens full size in a new tab\\)$`,
        ),
      );
      await expect(photos.nth(index)).toHaveAttribute('href', /^\/api\/consultation-files\//);
    }
    await expect(photos.filter({ hasText: 'dining-room.png' })).toHaveCount(1);
    await expect(photos.filter({ hasText: 'IMG_0042.png' })).toHaveCount(1);
    for (const image of await detail.getByTestId('submission-image').all()) {
      await expectImageLoaded(image);
    }
    await expect(detail.getByTestId('submission-video')).toBeVisible();
    await expectNoSeriousA11yViolations(page, testInfo, 'admin consultation detail');
    await saveScreenshot(page, testInfo, 'admin-consultation-detail');
  },
);
