/**
 * A consultation's walkthrough video survives a dropped connection (docs/behaviour/consultation-and-contact.md
 * #step-2-uploads; docs/decisions.md, 29): the visitor's 16 MB video goes up resumably in 8 MB pieces; the
 * network goes away halfway (the browser goes offline and the second piece is cut off), the row says it is
 * waiting for the connection, and when the network comes back the upload carries on from the server's
 * offset by itself and completes. The stored file is the video byte for byte (read back by the admin).
 * Screenshots at 1280 px and, in the @phone project, 390 px.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import type { Locator, Page, Route } from '@playwright/test';
import { ADMIN, signInThroughApi, uniqueEmail } from '../helpers/accounts.js';
import { saveScreenshot } from '../helpers/page-checks.js';
import { closeContexts } from '../helpers/contexts.js';
import { toastRegion } from '../helpers/toasts.js';

const MEDIA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../services/course/media');
const CHUNK = 8 * 1024 * 1024;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const STEP_ONE = {
  'Your name': 'Ana Lopez',
  'Business name': 'Harbour Lights Hospitality',
  'Restaurant name': 'Harbour Lights Grill',
  Location: '48 Wharf Road, Portland, ME',
  'Current challenges': 'The connection in our dining room drops every few minutes during service.',
  'Consultation goals': 'Get a review of our floor and menu without driving to the office.',
} as const;

function videoRow(page: Page, name: string): Locator {
  return page.getByTestId('queued-file').filter({ hasText: name });
}

test(
  'a consultation video that loses the network halfway carries on and completes with every byte',
  { tag: '@phone' },
  async ({ page, context, browser }, testInfo) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('owner', `resumable-${testInfo.project.name}`);
    // A real walkthrough video followed by padding, 16 MB in all: two pieces; the server checks its first bytes.
    const sample = await readFile(path.join(MEDIA, 'member-lesson.mp4'));
    const video = Buffer.concat([sample, Buffer.alloc(2 * CHUNK - sample.length, 42)]);

    await page.goto('/consultation');
    for (const [label, value] of Object.entries(STEP_ONE))
      await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByLabel('Email address', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Save and Continue' }).click();
    await expect(page.getByText(`Business information saved for ${STEP_ONE['Business name']}`)).toBeVisible();

    // The second piece never arrives: the browser drops off the network while it is being sent.
    const offsets: string[] = [];
    let cutOff: () => void = () => undefined;
    const wasCutOff = new Promise<void>((resolve) => (cutOff = resolve));
    await page.route('**/api/uploads/*', async (route: Route) => {
      const request = route.request();
      if (request.method() !== 'PATCH') return route.continue();
      offsets.push((await request.allHeaders())['upload-offset'] ?? '');
      if (offsets.length === 2) {
        await context.setOffline(true);
        await route.abort('internetdisconnected');
        cutOff();
        return;
      }
      await route.continue();
    });

    const slot = page.getByRole('region', { name: 'Walkthrough Video' });
    // Chosen from a file on disk, as a person would: a 16 MB buffer handed to setInputFiles travels into the
    // page as one base64 string that Chromium parses as script (seconds of CPU).
    const file = testInfo.outputPath('walkthrough.mp4');
    await writeFile(file, video);
    await slot.getByLabel('Choose video').setInputFiles(file);
    await slot.getByRole('button', { name: 'Upload 1 video' }).click();
    await wasCutOff;

    const row = videoRow(page, 'walkthrough.mp4');
    await expect(row.getByTestId('upload-transfer')).toHaveAttribute('data-transfer', 'waiting-for-network');
    await expect(row).toContainText('Connection lost. Waiting for the network to carry on…');
    await saveScreenshot(page, testInfo, 'consultation-upload-waiting-for-network');

    // The network comes back: nobody presses anything.
    await context.setOffline(false);
    await expect(row).toHaveAttribute('data-status', 'stored', { timeout: 60_000 });
    await expect(row.getByTestId('upload-percent')).toHaveText('100%');
    await expect(toastRegion(page).getByText('Files Uploaded Successfully', { exact: true })).toBeVisible();
    // It carried on from the first piece the server held, never from the start.
    expect(offsets).toEqual(['0', String(CHUNK), String(CHUNK)]);
    await saveScreenshot(page, testInfo, 'consultation-upload-resumed');

    // The admin finds the video with the request, byte for byte.
    const adminContext = await browser.newContext();
    try {
      const admin = await adminContext.newPage();
      await signInThroughApi(admin, ADMIN.email, ADMIN.password);
      const list = await admin.request.get('/api/consultations');
      expect(list.status()).toBe(200);
      const submissions = (await list.json()) as Array<{ email: string; videoFiles: string[] }>;
      const mine = submissions.find((submission) => submission.email === email);
      expect(mine?.videoFiles).toHaveLength(1);
      const stored = await admin.request.get(mine!.videoFiles[0]!);
      expect(stored.status()).toBe(200);
      const bytes = await stored.body();
      expect(bytes.length).toBe(video.length);
      expect(sha256(bytes)).toBe(sha256(video));
    } finally {
      await closeContexts(adminContext);
    }
  },
);
