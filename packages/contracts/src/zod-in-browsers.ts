/**
 * In browsers, zod validates without compiling code at run time. Its fast path first tries
 * `new Function`, which the site's Content-Security-Policy (no 'unsafe-eval', gateway/README.md) refuses
 * and reports as a violation on every page; the interpreted path gives the same results. Imported first
 * by the package's entry, so it runs before any schema is built; zod keeps this setting on `globalThis`,
 * so every front end's copy of zod follows it. Servers keep the fast path.
 */
import { config } from 'zod';

// `document` only exists in a browser page (contracts compile without the DOM types, hence `globalThis`).
if ('document' in globalThis) config({ jitless: true });
