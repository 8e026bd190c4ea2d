/**
 * The free consultation's form (/consultation, docs/behaviour/consultation-and-contact.md) for browser
 * specs: step 1 filled in for Blue Door Hospitality, the upload step's slots and queued files, and a
 * request started, given its files and completed through the API.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { createAccount, PASSWORD, signInThroughApi } from './accounts.js';

/** Step 1's fields and what `fillStepOne` types into them ('Email address' is the one given). */
export const STEP_ONE = {
  'Your name': 'Ana Lopez',
  'Email address': '',
  'Business name': 'Blue Door Hospitality',
  'Restaurant name': 'Blue Door Bistro',
  Location: '1200 Larimer Street, Denver, CO',
  'Current challenges': 'Our tables stay half empty on weekday nights and few guests come back.',
  'Consultation goals': 'Fill the dining room four nights a week and double our returning guests.',
} as const;

/** Fills step 1 with STEP_ONE, the given e-mail address and a phone number; nothing is sent yet. */
export async function fillStepOne(page: Page, email: string): Promise<void> {
  for (const [label, value] of Object.entries(STEP_ONE))
    await page.getByLabel(label, { exact: true }).fill(label === 'Email address' ? email : value);
  await page.getByLabel('Your phone (optional)').fill('+1 303 555 0142');
}

/** Opens /consultation and saves step 1 (`fillStepOne`): the page says it saved the business's information. */
export async function saveStepOne(page: Page, email: string): Promise<void> {
  await page.goto('/consultation');
  await fillStepOne(page, email);
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(page.getByText('Business information saved for Blue Door Hospitality')).toBeVisible();
}

/** One upload slot of step 2: 'Restaurant Photos', 'Walkthrough Video' or 'Menu'. */
export function slot(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title });
}

/** A chosen file's row in its slot (its `data-status`: pending, uploading, stored, refused, failed). */
export function fileRow(page: Page, name: string): Locator {
  return page.getByTestId('queued-file').filter({ hasText: name });
}

/** A request's step 1 as the form sends it, through the API: its id and upload token. */
export async function startRequest(
  request: APIRequestContext,
  fields: { email: string; businessName: string; ownerName: string; location: string },
): Promise<{ submissionId: string; uploadToken: string }> {
  const created = await request.post('/api/consultation', {
    data: {
      phone: '+1 503 555 0100',
      restaurantPhone: '',
      restaurantName: `${fields.businessName} Kitchen`,
      currentChallenges: 'Slow table turnover on weekends and a confusing menu layout.',
      consultationGoals: 'Raise weekend revenue by 20% and simplify the menu.',
      ...fields,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  return (await created.json()) as { submissionId: string; uploadToken: string };
}

/** The course's sample media (a lesson video, the goals workbook PDF), which specs upload as an owner's files. */
export const MEDIA_DIR = path.resolve(import.meta.dirname, '../../services/course/media');

/** A 24×24 orange PNG: a restaurant photo small enough to send in any number. */
export const SAMPLE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAAH0lEQVR42mM4ESBCFcQwatCoQaMGjRo0atCoQQNvEADnQaMfRoQiGwAAAABJRU5ErkJggg==',
  'base64',
);

/** One file of a request's upload step: the slot it goes to, its name, type and content. */
export type RequestFile = {
  fileType: 'images' | 'videos' | 'documents';
  name: string;
  type: string;
  bytes: Buffer;
};

/** A photo (SAMPLE_PNG) for each name, then the walkthrough video and the menu PDF from MEDIA_DIR. */
export async function requestFiles(photoNames: string[]): Promise<RequestFile[]> {
  return [
    ...photoNames.map((name) => ({
      fileType: 'images' as const,
      name,
      type: 'image/png',
      bytes: SAMPLE_PNG,
    })),
    {
      fileType: 'videos',
      name: 'walkthrough.mp4',
      type: 'video/mp4',
      bytes: await readFile(path.join(MEDIA_DIR, 'member-lesson.mp4')),
    },
    {
      fileType: 'documents',
      name: 'menu.pdf',
      type: 'application/pdf',
      bytes: await readFile(path.join(MEDIA_DIR, 'restaurant-goals-workbook.pdf')),
    },
  ];
}

/** Uploads one file to a request started with `startRequest`, as the upload step does; answers the reply. */
export async function uploadRequestFile(
  request: APIRequestContext,
  { submissionId, uploadToken }: { submissionId: string; uploadToken: string },
  file: RequestFile,
): Promise<{ files: string[]; rejected: unknown[] }> {
  // The kind must come before the file: each `files` part takes the last `fileType` before it.
  const form = new FormData();
  form.append('fileType', file.fileType);
  form.append('files', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = await request.post(`/api/consultation/${submissionId}/upload`, {
    headers: { 'X-Upload-Token': uploadToken },
    multipart: form,
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { files: string[]; rejected: unknown[] };
}

/** 'Complete Submission & Send Confirmation' for a request started with `startRequest`. */
export async function completeRequest(
  request: APIRequestContext,
  { submissionId, uploadToken }: { submissionId: string; uploadToken: string },
): Promise<void> {
  const completed = await request.post(`/api/consultation/${submissionId}/complete`, {
    headers: { 'X-Upload-Token': uploadToken, 'Content-Type': 'application/json' },
  });
  expect(completed.status(), await completed.text()).toBe(200);
}

/**
 * A new account for `email`, signed in on `page`, that sent and completed a request for `businessName`
 * through the API (the owner My Consultations lists it for).
 */
export async function ownerWithCompletedRequest(
  page: Page,
  fields: { email: string; businessName: string; ownerName: string; location: string },
): Promise<void> {
  await createAccount(page.request, fields.email);
  await signInThroughApi(page, fields.email, PASSWORD);
  await completeRequest(page.request, await startRequest(page.request, fields));
}
