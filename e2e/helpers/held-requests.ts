/**
 * Requests held back for browser specs: a busy state ('Sending...', 'Processing...') lasts only as long as
 * its request, so a spec holds the request until it has seen that state, whatever the machine's speed.
 */
import type { Page, Route } from '@playwright/test';

/**
 * Holds every request of the page to `url` until the returned function is called, then lets each go on
 * unchanged, or answers it with `answer` (a failure the spec wants to see after the busy state).
 */
export async function holdRequests(
  page: Page,
  url: string | RegExp,
  answer: (route: Route) => Promise<void> = (route) => route.continue(),
): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await answer(route);
  });
  return release;
}

/**
 * The first `method` request of the page to `url` reaches the server, and its answer is lost on the way
 * back (poor Wi-Fi): the page hears a reset connection. Later ones go through unchanged. What the server
 * answered is kept for the spec (`body`, its JSON).
 */
export async function loseFirstAnswer(
  page: Page,
  url: string | RegExp,
  method = 'POST',
): Promise<{ body?: unknown }> {
  const lost: { body?: unknown } = {};
  let done = false;
  await page.route(url, async (route) => {
    if (route.request().method() !== method || done) return route.fallback();
    done = true;
    const answer = await route.fetch();
    lost.body = await answer.json().catch(() => undefined);
    await route.abort('connectionreset');
  });
  return lost;
}
