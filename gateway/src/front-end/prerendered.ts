/**
 * The public pages prerendered at build time (scripts/prerender.mjs, docs/decisions.md, 55): for exactly
 * their paths the gateway sends `<shell dir>/prerendered/<page>.html` (the shell's index.html with the
 * page's markup inside, hydrated by the same components) in place of the empty index.html. `/` is
 * `index.html`, `/services` is `services.html`; any other spelling (a trailing slash, capitals, a query
 * alone does not count) gets the plain index.html, which renders the same page in the browser.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';

export const PRERENDERED_DIR = 'prerendered';

// The build names a page's file after its path: lower-case segments of letters, digits and dashes.
const PRERENDERABLE_PATH = /^\/(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/;

/** The prerendered file of this page in the shell's build folder, or undefined when there is none. */
export async function findPrerenderedPage(shellDir: string, pathname: string): Promise<string | undefined> {
  // `/index` is no page of its own (its name is `/`'s file).
  if (!PRERENDERABLE_PATH.test(pathname) || pathname === '/index') return undefined;
  const name = pathname === '/' ? 'index' : pathname.slice(1);
  const file = path.join(shellDir, PRERENDERED_DIR, `${name}.html`);
  try {
    return (await stat(file)).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}
