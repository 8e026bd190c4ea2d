/**
 * Closing the browser contexts a test opened itself. Chromium now and then never answers the request that
 * disposes of a context (its pages are closed, the context stays), and `BrowserContext.close()` then waits
 * for the whole test's time, failing a test whose every check passed. Pages are closed first, each on its
 * own, then the context; a context still not closed after `CLOSE_WAIT_MS` is left to the worker's browser,
 * which closes with the worker, and the test is told in its annotations.
 */
import { test, type BrowserContext } from '@playwright/test';

const CLOSE_WAIT_MS = 15_000;

export async function closeContexts(...contexts: BrowserContext[]): Promise<void> {
  for (const context of contexts) {
    for (const page of context.pages()) await page.close().catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), CLOSE_WAIT_MS);
    });
    const outcome = await Promise.race([context.close().then(() => 'closed' as const), late]);
    clearTimeout(timer);
    if (outcome === 'late') {
      test.info().annotations.push({
        type: 'context not closed',
        description: `Chromium did not dispose of a browser context within ${CLOSE_WAIT_MS} ms`,
      });
    }
  }
}
