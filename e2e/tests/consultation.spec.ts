/**
 * The free consultation in the browser (docs/behaviour/consultation-and-contact.md;
 * docs/decisions.md, 15–17): step 1's messages and the draft that survives a reload; a visitor's whole
 * request with real files (two photos, a video, a menu PDF) whose progress comes from the upload itself, a
 * disguised file refused by its content, completion and the confirmation e-mail; the e-mailed link that opens
 * the upload step of /additional-upload; 'Continue Later' (a link back to step 2 by e-mail, and the offer to
 * continue on the same device); completing with files chosen but not uploaded (they go up first, and a
 * dropped connection stops the completion and asks); and the e-mail lookup for a stranger and for the
 * signed-in owner, who lands on My Consultations once done. Screenshots on a desktop and a 375 px phone.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { createProvenAccount, uniqueEmail, signInNewAccount } from '../helpers/accounts.js';
import { STEP_ONE, fileRow, fillStepOne, saveStepOne, slot } from '../helpers/consultation.js';
import { isMailPeerRunning, waitForMail } from '../helpers/mail-peer.js';
import type { ReceivedMail } from '../helpers/mail-peer.js';
import { expectNoSeriousA11yViolations, screenshotBoth } from '../helpers/page-checks.js';
import { expectToast } from '../helpers/toasts.js';
import { holdRequests } from '../helpers/held-requests.js';

const MEDIA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../services/course/media');

/**
 * Records every `xhr.upload` progress event of the page's uploads, so the test sees the real progress.
 * (Browser code as text: the e2e project is type-checked without the DOM library.)
 */
const RECORD_UPLOAD_PROGRESS = `
  window.__uploadProgress = [];
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (body) {
    this.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) window.__uploadProgress.push({ loaded: event.loaded, total: event.total });
    });
    return send.call(this, body);
  };
`;

async function recordUploadProgress(page: Page) {
  await page.addInitScript({ content: RECORD_UPLOAD_PROGRESS });
}

async function readUploadProgress(page: Page): Promise<{ loaded: number; total: number }[]> {
  return page.evaluate<{ loaded: number; total: number }[]>('window.__uploadProgress');
}

function addFilesPath(mail: ReceivedMail): string {
  const body = `${mail.text}\n${mail.html.replaceAll('&amp;', '&')}`;
  const match = /(?:https?:\/\/[^\s"'<>()]+)?\/additional-upload\?token=[A-Za-z0-9_-]+/.exec(body);
  if (!match) throw new Error(`No add-files link in "${mail.subject}":\n${mail.text || mail.html}`);
  const url = new URL(match[0], 'http://localhost');
  return `${url.pathname}${url.search}`;
}

test.describe('consultation step 1', () => {
  test(
    'shows the step-1 message beside each bad field and keeps what was typed after a reload',
    { tag: '@phone' },
    async ({ page }, testInfo) => {
      await page.goto('/consultation');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Free Restaurant Consultation' }),
      ).toBeVisible();
      await expect(page.getByText('Reviewed within 24-48 hours')).toBeVisible();
      await screenshotBoth(page, testInfo, 'consultation-step-1');
      await expectNoSeriousA11yViolations(page, testInfo, 'consultation step 1');

      let requests = 0;
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/consultation')
          requests += 1;
      });

      await page.getByRole('button', { name: 'Save and Continue' }).click();
      for (const message of [
        'Business name must be at least 2 characters',
        'Owner name must be at least 2 characters',
        'Please enter a valid email address',
        'Please enter your restaurant name',
        'Please provide your business location',
        'Please describe your current challenges (minimum 20 characters)',
        'Please describe your consultation goals (minimum 20 characters)',
      ])
        await expect(page.getByText(message, { exact: true })).toBeVisible();
      await expect(page.getByLabel('Business name')).toHaveAttribute('aria-invalid', 'true');
      // The first field of the form with a problem takes the cursor.
      await expect(page.getByLabel('Your name')).toBeFocused();

      await page.getByLabel('Business name').fill('B');
      await page.getByLabel('Email address').fill('.ana@bluedoor.com');
      await page.getByLabel('Current challenges').fill('Too short');
      await page.getByRole('button', { name: 'Save and Continue' }).click();
      await expect(page.getByText('Business name must be at least 2 characters')).toBeVisible();
      await expect(page.getByText('Please enter a valid email address', { exact: true })).toBeVisible();
      await expect(
        page.getByText('Please describe your current challenges (minimum 20 characters)'),
      ).toBeVisible();
      await screenshotBoth(page, testInfo, 'consultation-step-1-errors');
      expect(requests, 'bad input never reaches the server').toBe(0);

      await page.reload();
      await expect(page.getByLabel('Business name')).toHaveValue('B');
      await expect(page.getByLabel('Email address')).toHaveValue('.ana@bluedoor.com');
      await expect(page.getByLabel('Current challenges')).toHaveValue('Too short');
    },
  );

  test("refuses a disposable address with the server's message on the field and the 'Invalid Email' toast", async ({
    page,
  }) => {
    await page.goto('/consultation');
    await fillStepOne(page, 'owner@mailinator.com');
    await page.getByRole('button', { name: 'Save and Continue' }).click();
    await expectToast(page, 'Invalid Email', 'Please enter a valid business email address');
    await expect(page.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
    await expect(
      page.getByText('Please enter a valid business email address', { exact: true }).first(),
    ).toBeVisible();
    // Still step 1, with everything typed.
    await expect(page.getByLabel('Consultation goals')).toHaveValue(STEP_ONE['Consultation goals']);
  });
});

test.describe('consultation request', () => {
  test(
    'a visitor uploads photos, a video and a menu with real progress, completes, and gets the confirmation e-mail',
    { tag: '@phone' },
    async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      const email = uniqueEmail('owner', `consult-${testInfo.project.name}`);
      await recordUploadProgress(page);
      await page.goto('/consultation');
      await fillStepOne(page, email);
      await page.getByRole('button', { name: 'Save and Continue' }).click();
      await expectToast(page, 'Information Saved');
      await expect(page.getByText('Business information saved for Blue Door Hospitality')).toBeVisible();
      await expect(
        page.getByRole('list', { name: 'Consultation steps' }).getByText('Step 2 of 2'),
      ).toBeVisible();
      await expect(page.getByText('Suggested length: 2-3 minutes', { exact: false })).toBeVisible();

      // Real pictures: the page itself, as PNG and as JPEG. And an HTML page dressed up as a photo.
      const png = await page.screenshot({ type: 'png' });
      const jpeg = await page.screenshot({ type: 'jpeg', quality: 70 });
      const photos = slot(page, 'Restaurant Photos');
      await photos.getByLabel('Choose photos').setInputFiles([
        { name: 'dining-room.png', mimeType: 'image/png', buffer: png },
        { name: 'entrance.jpg', mimeType: 'image/jpeg', buffer: jpeg },
        {
          name: 'kitchen.jpg',
          mimeType: 'image/jpeg',
          buffer: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
        },
      ]);
      await expect(fileRow(page, 'dining-room.png')).toContainText('Ready to upload');
      await expect(fileRow(page, 'dining-room.png').locator('img')).toBeVisible();
      // A wrong file is named at once, before anything is sent, and can be removed.
      await photos.getByLabel('Choose photos').setInputFiles({
        name: 'notes.pdf',
        mimeType: 'application/pdf',
        buffer: await readFile(path.join(MEDIA, 'restaurant-goals-workbook.pdf')),
      });
      await expect(fileRow(page, 'notes.pdf')).toContainText('Not accepted: Not a photo');
      await fileRow(page, 'notes.pdf').getByRole('button', { name: 'Remove notes.pdf' }).click();
      await expect(fileRow(page, 'notes.pdf')).toHaveCount(0);
      await screenshotBoth(page, testInfo, 'consultation-step-2-chosen');

      await photos.getByRole('button', { name: 'Upload 3 photos' }).click();
      await expect(fileRow(page, 'dining-room.png')).toHaveAttribute('data-status', 'stored');
      await expect(fileRow(page, 'entrance.jpg')).toHaveAttribute('data-status', 'stored');
      await expect(fileRow(page, 'kitchen.jpg')).toHaveAttribute('data-status', 'refused');
      await expect(fileRow(page, 'kitchen.jpg')).toContainText(/Not accepted: .*(content|type)/i);
      await expectToast(page, 'Files Uploaded Successfully', /2 files uploaded\. Not accepted: kitchen\.jpg/);
      await expect(fileRow(page, 'entrance.jpg').getByTestId('upload-percent')).toHaveText('100%');
      await expect(fileRow(page, 'entrance.jpg').getByRole('progressbar')).toHaveAttribute(
        'aria-valuenow',
        '100',
      );

      const video = slot(page, 'Walkthrough Video');
      await video.getByLabel('Choose video').setInputFiles(path.join(MEDIA, 'member-lesson.mp4'));
      await video.getByRole('button', { name: 'Upload 1 video' }).click();
      await expect(fileRow(page, 'member-lesson.mp4')).toHaveAttribute('data-status', 'stored');
      await expect(fileRow(page, 'member-lesson.mp4').getByTestId('upload-percent')).toHaveText('100%');
      await expectToast(page, 'Files Uploaded Successfully', '1 file uploaded.');

      // The connection drops during the menu's upload: that file alone fails and is tried again.
      const menu = slot(page, 'Menu');
      await menu
        .getByLabel('Choose menu files')
        .setInputFiles(path.join(MEDIA, 'restaurant-goals-workbook.pdf'));
      await page.route('**/api/consultation/*/upload', (route) => route.abort('internetdisconnected'));
      await menu.getByRole('button', { name: 'Upload 1 menu file' }).click();
      await expectToast(page, 'Network Error');
      const menuRow = fileRow(page, 'restaurant-goals-workbook.pdf');
      await expect(menuRow).toHaveAttribute('data-status', 'failed');
      await expect(menuRow).toContainText('Upload failed: Network error during upload');
      await page.unroute('**/api/consultation/*/upload');
      await menuRow.getByRole('button', { name: 'Retry restaurant-goals-workbook.pdf' }).click();
      await expect(menuRow).toHaveAttribute('data-status', 'stored');
      await expectToast(page, 'Files Uploaded Successfully', '1 file uploaded.');
      await expect(fileRow(page, 'entrance.jpg')).toHaveAttribute('data-status', 'stored');

      // The bars followed the browser's own upload events, up to every byte of the video (which goes
      // resumably, its bytes alone in the request body).
      const progress = await readUploadProgress(page);
      const videoSize = (await readFile(path.join(MEDIA, 'member-lesson.mp4'))).length;
      expect(progress.length).toBeGreaterThan(0);
      expect(progress.some((event) => event.total >= videoSize && event.loaded === event.total)).toBe(true);

      await screenshotBoth(page, testInfo, 'consultation-step-2-uploaded');
      await expectNoSeriousA11yViolations(page, testInfo, 'consultation step 2');

      await page.getByRole('button', { name: 'Complete Submission & Send Confirmation' }).click();
      await expectToast(page, 'Submission Complete!');
      await page.waitForURL((url) => url.pathname === '/');

      // The form starts afresh next time.
      await page.goto('/consultation');
      await expect(page.getByLabel('Business name')).toHaveValue('');

      expect(isMailPeerRunning(), 'the SMTP peer of global-setup-smtp.ts is running').toBe(true);
      const confirmation = await waitForMail(email, {
        where: (mail) => /additional-upload\?token=/.test(`${mail.text}${mail.html}`),
        timeoutMs: 30_000,
      });
      expect(`${confirmation.subject}\n${confirmation.text}`).toMatch(/consultation/i);

      // The link in the confirmation opens the upload step of /additional-upload directly.
      await page.goto(addFilesPath(confirmation));
      await expect(page.getByRole('heading', { level: 1, name: 'Upload Additional Files' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Add files for Blue Door Hospitality' })).toBeVisible();
      await page.getByRole('button', { name: 'Upload Files' }).click();
      await expectToast(page, 'No files selected', 'Please select at least one file to upload.');
      await page.getByLabel('Choose documents').setInputFiles({
        name: 'supplier-prices.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('Tomatoes 2.10/lb\nBasil 1.20/bunch\n'),
      });
      await page
        .getByLabel('Choose photos')
        .setInputFiles({ name: 'patio.png', mimeType: 'image/png', buffer: png });
      await expect(page.getByTestId('chosen-file')).toHaveCount(2);
      await screenshotBoth(page, testInfo, 'additional-upload-chosen');
      await page.getByRole('button', { name: 'Upload Files' }).click();
      await expectToast(page, 'Files Uploaded Successfully', '2 files added to your consultation.');
      await expect(page.getByTestId('stored-file')).toHaveCount(2);
      await expectNoSeriousA11yViolations(page, testInfo, 'additional upload');
    },
  );
});

/** The signed-in caller's consultations as My Consultations reads them. */
async function readMyConsultations(page: Page) {
  const answer = await page.request.get('/api/my-consultations');
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as {
    id: string;
    confirmedAt: string | null;
    imageCount: number;
    videoCount: number;
    documentCount: number;
  }[];
}

/** Counts the page's calls that complete a request (`POST /api/consultation/:id/complete`) from now on. */
function countCompletions(page: Page): () => number {
  let completions = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/consultation\/[^/]+\/complete$/.test(request.url()))
      completions += 1;
  });
  return () => completions;
}

/**
 * 'Submission Complete!' takes the owner to My Consultations (the uploads' route is let go then): the
 * request was completed once and is confirmed, with these counts of files.
 */
async function expectCompletedOnce(
  page: Page,
  completions: () => number,
  counts: { imageCount: number; videoCount: number; documentCount: number },
): Promise<void> {
  await expectToast(page, 'Submission Complete!');
  await page.waitForURL((url) => url.pathname === '/my-consultations');
  await page.unroute('**/api/consultation/*/upload');
  expect(completions()).toBe(1);
  const [sent] = await readMyConsultations(page);
  expect(sent).toMatchObject(counts);
  expect(sent!.confirmedAt).not.toBeNull();
}

test.describe('completing with chosen files', () => {
  test(
    'uploads the files chosen but not sent before completing, asks when the connection drops, and takes the signed-in owner to My Consultations',
    { tag: '@phone' },
    async ({ page }, testInfo) => {
      test.setTimeout(150_000);
      // A password account: its address is unproven, but what it sends signed in is its own.
      const email = await signInNewAccount(page, 'owner', `complete-${testInfo.project.name}`);
      await saveStepOne(page, email);

      // Chosen, never uploaded: two photos, the walkthrough video (resumable) and the menu.
      const png = await page.screenshot({ type: 'png' });
      const jpeg = await page.screenshot({ type: 'jpeg', quality: 70 });
      await slot(page, 'Restaurant Photos')
        .getByLabel('Choose photos')
        .setInputFiles([
          { name: 'dining-room.png', mimeType: 'image/png', buffer: png },
          { name: 'entrance.jpg', mimeType: 'image/jpeg', buffer: jpeg },
        ]);
      await slot(page, 'Walkthrough Video')
        .getByLabel('Choose video')
        .setInputFiles(path.join(MEDIA, 'member-lesson.mp4'));
      await slot(page, 'Menu')
        .getByLabel('Choose menu files')
        .setInputFiles(path.join(MEDIA, 'restaurant-goals-workbook.pdf'));
      await expect(page.getByTestId('unsent-files-hint')).toContainText(
        '4 files chosen but not uploaded yet',
      );
      await screenshotBoth(page, testInfo, 'consultation-complete-chosen');
      // A reload (what one does when the Wi-Fi drops) would lose them: the browser asks first.
      const leaving = page.waitForEvent('dialog');
      // Staying cancels the reload, which then never settles: it is not waited for.
      void page.reload({ timeout: 5_000 }).catch(() => undefined);
      const question = await leaving;
      expect(question.type()).toBe('beforeunload');
      await question.dismiss();
      await expect(fileRow(page, 'dining-room.png')).toHaveAttribute('data-status', 'pending');

      const completions = countCompletions(page);

      // The restaurant's Wi-Fi drops for the small files as the owner presses Complete: the video goes up
      // resumably, the rest fail, and the request is not sent without them.
      await page.route('**/api/consultation/*/upload', (route) => route.abort('internetdisconnected'));
      await page.getByRole('button', { name: 'Complete Submission & Send Confirmation' }).click();
      const notSent = page.getByTestId('unsent-files');
      await expect(notSent).toContainText('Not sent yet: 3 files did not upload');
      for (const name of ['dining-room.png', 'entrance.jpg', 'restaurant-goals-workbook.pdf'])
        await expect(notSent).toContainText(name);
      await expect(notSent).toBeFocused();
      await expect(fileRow(page, 'member-lesson.mp4')).toHaveAttribute('data-status', 'stored');
      await expect(fileRow(page, 'dining-room.png')).toHaveAttribute('data-status', 'failed');
      await expect(notSent.getByRole('button', { name: 'Complete Without These Files' })).toBeVisible();
      expect(completions(), 'nothing completes without the chosen files').toBe(0);
      const open = await readMyConsultations(page);
      expect(open).toHaveLength(1);
      expect(open[0]).toMatchObject({ confirmedAt: null, imageCount: 0, videoCount: 1 });
      await screenshotBoth(page, testInfo, 'consultation-complete-not-sent');
      await expectNoSeriousA11yViolations(page, testInfo, 'consultation not sent');

      // The connection is back; 'Try Again' sends them with their progress shown, then completes. The first
      // upload waits until the progress has been seen.
      await page.unroute('**/api/consultation/*/upload');
      const release = await holdRequests(page, '**/api/consultation/*/upload');
      await notSent.getByRole('button', { name: 'Try Again' }).click();
      await expect(page.getByTestId('uploading-before-completing')).toContainText(
        'Uploading your chosen files first: 0 of 3 uploaded',
      );
      await expect(page.getByRole('progressbar', { name: 'Upload of your chosen files' })).toBeVisible();
      await screenshotBoth(page, testInfo, 'consultation-complete-uploading-first');
      release();
      await expectCompletedOnce(page, completions, { imageCount: 2, videoCount: 1, documentCount: 1 });
      await expect(page.getByText('2 photos · 1 video · 1 document')).toBeVisible();
      await screenshotBoth(page, testInfo, 'my-consultations-after-completing');

      // /additional-upload: their own address goes straight to the upload, then back to My Consultations.
      await page.goto('/additional-upload');
      await expect(page.getByLabel('Email address')).toHaveValue(email);
      await page.getByRole('button', { name: 'Find My Consultation' }).click();
      await expect(page.getByRole('heading', { name: 'Add files for Blue Door Hospitality' })).toBeVisible();
      await expect(page.getByText('Check your e-mail')).toHaveCount(0);
      await expect(page.getByTestId('own-consultation')).toHaveCount(1);
      await page.getByLabel('Choose documents').setInputFiles({
        name: 'supplier-prices.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('Tomatoes 2.10/lb\nBasil 1.20/bunch\n'),
      });
      await screenshotBoth(page, testInfo, 'additional-upload-signed-in-owner');
      await page.getByRole('button', { name: 'Upload Files' }).click();
      await expectToast(page, 'Files Uploaded Successfully', '1 file added to your consultation.');
      await page.waitForURL((url) => url.pathname === '/my-consultations');
      await expect(page.getByText('2 photos · 1 video · 2 documents')).toBeVisible();
      expect((await readMyConsultations(page))[0]).toMatchObject({ documentCount: 2 });
    },
  );
  test("'Complete Without These Files' sends the request with what was stored, once, after the owner chose it", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const email = await signInNewAccount(page, 'owner', `without-${testInfo.project.name}`);
    await saveStepOne(page, email);
    await slot(page, 'Restaurant Photos')
      .getByLabel('Choose photos')
      .setInputFiles({ name: 'bar.png', mimeType: 'image/png', buffer: await page.screenshot() });
    await slot(page, 'Menu')
      .getByLabel('Choose menu files')
      .setInputFiles(path.join(MEDIA, 'restaurant-goals-workbook.pdf'));

    const completions = countCompletions(page);
    // The photo goes up; the menu's upload is cut off.
    await page.route('**/api/consultation/*/upload', (route) =>
      route.request().postDataBuffer()?.includes('restaurant-goals-workbook.pdf')
        ? route.abort('internetdisconnected')
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Complete Submission & Send Confirmation' }).click();
    const notSent = page.getByTestId('unsent-files');
    await expect(notSent).toContainText('Not sent yet: 1 file did not upload');
    await expect(fileRow(page, 'bar.png')).toHaveAttribute('data-status', 'stored');
    expect(completions()).toBe(0);

    await notSent.getByRole('button', { name: 'Complete Without These Files' }).click();
    await expectCompletedOnce(page, completions, { imageCount: 1, videoCount: 0, documentCount: 0 });
  });
});

test.describe('continue later', () => {
  test(
    "'Continue Later' e-mails a link back to step 2, and this device offers to continue",
    { tag: '@phone' },
    async ({ page, browser }, testInfo) => {
      test.setTimeout(120_000);
      expect(isMailPeerRunning(), 'the SMTP peer of global-setup-smtp.ts is running').toBe(true);
      const email = uniqueEmail('owner', `later-${testInfo.project.name}`);
      await saveStepOne(page, email);
      await expect(page.getByText(/'Continue Later' e-mails you a link back to this step/)).toBeVisible();

      // The owner leaves without pressing anything; reopening /consultation in a new tab offers to continue.
      await page.goto('/');
      const tab = await page.context().newPage();
      await tab.goto('/consultation');
      const offer = tab.getByRole('region', { name: 'Continue your consultation request?' });
      await expect(offer).toBeVisible();
      await expect(offer).toContainText('You started a request for Blue Door Hospitality on this device');
      await screenshotBoth(tab, testInfo, 'consultation-continue-offer');
      await expectNoSeriousA11yViolations(tab, testInfo, 'consultation continue offer');
      await offer.getByRole('button', { name: 'Continue My Request' }).click();
      await expect(tab.getByText('Business information saved for Blue Door Hospitality')).toBeVisible();
      await expect(
        tab.getByRole('list', { name: 'Consultation steps' }).getByText('Step 2 of 2'),
      ).toBeVisible();

      // 'Continue Later' keeps its promise: a link by e-mail, then home.
      await tab.getByRole('button', { name: 'Continue Later' }).click();
      await expectToast(tab, 'Link Sent', /We e-mailed you a link back to this step/);
      await tab.waitForURL((url) => url.pathname === '/');
      const mail = await waitForMail(email, {
        where: (received) => /\/consultation\?token=/.test(`${received.text}${received.html}`),
        timeoutMs: 30_000,
      });
      expect(mail.subject).toBe('Continue your free consultation request');
      expect(mail.text).toContain('Your business information for Blue Door Hospitality is saved.');
      const match = /\/consultation\?token=[A-Za-z0-9_-]+/.exec(mail.text);
      expect(match, 'the e-mail has the link back to step 2').not.toBeNull();

      // Another device: the link opens step 2 of the same request, which is completed there.
      const phone = await browser.newContext();
      try {
        const other = await phone.newPage();
        await other.goto(match![0]);
        await expect(other.getByText('Business information saved for Blue Door Hospitality')).toBeVisible();
        await expect(other).toHaveURL(/\/consultation$/);
        // The one-video slot speaks of one video.
        await expect(other.getByRole('button', { name: 'Upload video', exact: true })).toBeDisabled();
        await screenshotBoth(other, testInfo, 'consultation-continue-link');
        await other.getByLabel('Choose photos').setInputFiles({
          name: 'dining-room.png',
          mimeType: 'image/png',
          buffer: await other.screenshot(),
        });
        await other.getByRole('button', { name: 'Upload 1 photo' }).click();
        await expect(fileRow(other, 'dining-room.png')).toHaveAttribute('data-status', 'stored');
        await other.getByRole('button', { name: 'Complete Submission & Send Confirmation' }).click();
        await expectToast(other, 'Submission Complete!');
      } finally {
        await phone.close();
      }
      const confirmation = await waitForMail(email, {
        where: (received) => /additional-upload\?token=/.test(`${received.text}${received.html}`),
        timeoutMs: 30_000,
      });
      expect(confirmation.text).toContain(
        'Thank you for your consultation request for Blue Door Hospitality.',
      );
      expect(confirmation.text).toContain('We received your business information and 1 photo.');

      // Completed elsewhere: this tab and device no longer offer it, and start a new request.
      await tab.goto('/consultation');
      await expectToast(tab, 'Already sent', 'This consultation request is already complete.');
      await expect(tab.getByLabel('Business name')).toBeVisible();
      await expect(tab.getByRole('region', { name: 'Continue your consultation request?' })).toHaveCount(0);
      // The old link now leads to adding files to the sent request.
      await tab.goto(match![0]);
      await expect(tab.getByRole('heading', { name: 'Add files for Blue Door Hospitality' })).toBeVisible();
    },
  );

  test('a request this device started can be left for a new one, and a bad link says so', async ({
    page,
  }) => {
    await saveStepOne(page, uniqueEmail('owner', 'later-new'));
    const tab = await page.context().newPage();
    await tab.goto('/consultation');
    await tab.getByRole('button', { name: 'Start a New Request' }).click();
    await expect(tab.getByLabel('Business name')).toHaveValue('');
    await tab.reload();
    await expect(tab.getByLabel('Business name')).toBeVisible();

    await tab.goto(`/consultation?token=${'A'.repeat(43)}`);
    await expect(tab.getByText('This link does not work')).toBeVisible();
    await expect(tab.getByText('This link is invalid or has expired.')).toBeVisible();
    await tab.getByRole('link', { name: 'Start a New Request' }).click();
    await expect(tab.getByLabel('Business name')).toBeVisible();
  });
});

test.describe('additional upload lookup', () => {
  test('tells a visitor that a link was e-mailed, and checks the address first', async ({
    page,
  }, testInfo) => {
    await page.goto('/additional-upload');
    await expect(page.getByRole('heading', { level: 1, name: 'Upload Additional Files' })).toBeVisible();
    let lookups = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/consultations-by-email')) lookups += 1;
    });
    await page.getByLabel('Email address').fill('not-an-address');
    await page.getByRole('button', { name: 'Find My Consultation' }).click();
    await expect(page.getByText('Please enter a valid email address', { exact: true })).toBeVisible();
    expect(lookups).toBe(0);
    await screenshotBoth(page, testInfo, 'additional-upload-lookup');
    await expectNoSeriousA11yViolations(page, testInfo, 'additional upload lookup');

    const stranger = uniqueEmail('stranger', `lookup-${testInfo.project.name}`);
    await page.getByLabel('Email address').fill(stranger);
    await page.getByRole('button', { name: 'Find My Consultation' }).click();
    await expect(page.getByText('Check your e-mail')).toBeVisible();
    await expect(page.getByText(`We e-mailed a link to ${stranger}.`, { exact: false })).toBeVisible();
    await screenshotBoth(page, testInfo, 'additional-upload-link-emailed');
    await page.getByRole('button', { name: 'Try Different Email' }).click();
    await expect(page.getByLabel('Email address')).toBeFocused();
  });

  test('takes the signed-in owner straight to the upload step, or says none was found', async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail('owner', `lookup-own-${testInfo.project.name}`);
    // A proven address (the e-mailed link was used): an unproven one would only be e-mailed a link.
    await createProvenAccount(page, email);

    await page.goto('/additional-upload');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Find My Consultation' }).click();
    await expect(page.getByText('No Consultations Found', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try Different Email' })).toBeVisible();

    const saved = await page.request.post('/api/consultation', {
      data: {
        businessName: 'Silva Family Kitchen',
        ownerName: 'Ana Silva',
        email,
        restaurantName: 'Silva Kitchen',
        location: '15 Pearl Street, Boulder, CO',
        currentChallenges: 'Lunch is busy but dinner service is nearly empty.',
        consultationGoals: 'Build a dinner crowd that comes back every week.',
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);

    await page.getByRole('button', { name: 'Try Different Email' }).click();
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Find My Consultation' }).click();
    await expect(page.getByRole('heading', { name: 'Add files for Silva Family Kitchen' })).toBeVisible();
    await page.getByLabel('Choose videos').setInputFiles(path.join(MEDIA, 'member-lesson.mp4'));
    await page.getByRole('button', { name: 'Upload Files' }).click();
    await expectToast(page, 'Files Uploaded Successfully', '1 file added to your consultation.');
    // Every file stored: the owner lands on My Consultations, which lists the new file.
    await page.waitForURL((url) => url.pathname === '/my-consultations');
    await expect(page.getByText('0 photos · 1 video · 0 documents')).toBeVisible();
  });
});
