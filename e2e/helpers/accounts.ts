/** Accounts for browser specs: unique addresses, sign-up through the API, sign-in through the page. */
import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';

/** Meets every password rule of the sign-up checklist. */
export const PASSWORD = 'Tables35+Full!';

/** An address no other run has used, e.g. `buyer+guest-1a2b3c4d@example.com`. */
export function uniqueEmail(prefix: string, label: string): string {
  return `${prefix}+${label}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Creates an account (Ana Silva) straight through the API, in a request context apart from the page. */
export async function createAccount(request: APIRequestContext, email: string): Promise<void> {
  const response = await request.post('/api/auth/signup', {
    data: { firstName: 'Ana', lastName: 'Silva', email, password: PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Signs in on /login and waits for the redirect that follows. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(/\/(dashboard|pricing|revenue-share-welcome)$/);
}
