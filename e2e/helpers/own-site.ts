/**
 * A site of a spec's own: the embedded mode as `npm start` runs it, on its own data folder and a free port,
 * sending its e-mails to the suite's one mail peer. For specs that change what every other spec reads (the
 * course's outline, a lesson's media), so the shared site stays as the others expect.
 *
 * `ownSite('name')` registers the start in `beforeAll` and the stop (and the folder's removal) in `afterAll`,
 * and answers an object whose `url` and `context()` work once the start has run.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import type { Browser, BrowserContext } from '@playwright/test';
// @ts-expect-error plain ESM module without types
import { startEmbedded } from '../../scripts/embedded.mjs';
import { ADMIN } from './accounts.js';
import { getSmtpUrl } from './mail-peer.js';

interface Site {
  url: string;
  stop(): Promise<void>;
}

export interface OwnSite {
  /** The site's base address. */
  readonly url: string;
  /** A browser context on the site, at a desktop (height 800) or phone (height 844) width. */
  context(browser: Browser, width: number): Promise<BrowserContext>;
}

/**
 * The environment of an embedded site started by a spec: fresh data in `dataDir`, a free port, the suite's
 * admin, cheap test password hashing and the migrated PGlite templates; `extra` adds or overrides.
 */
export function embeddedSiteEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    ...(process.env.PATH && { PATH: process.env.PATH }),
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    POSTGRES_URL: '',
    NATS_URL: '',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    PASSWORD_HASH_MEMORY_KIB: '1024',
    PASSWORD_HASH_ITERATIONS: '1',
    PGLITE_TEMPLATE_CACHE: path.resolve('..', 'node_modules', '.cache', 'pglite-templates'),
    ...extra,
  };
}

export function ownSite(name: string): OwnSite {
  let workDir: string | undefined;
  let site: Site | undefined;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    workDir = await mkdtemp(path.join(tmpdir(), `e2e-${name}-`));
    site = (await startEmbedded({
      env: embeddedSiteEnv(path.join(workDir, 'data'), { SMTP_URL: getSmtpUrl() }),
    })) as Site;
  });

  test.afterAll(async () => {
    await site?.stop();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  const url = () => {
    if (!site) throw new Error(`the site of ${name} has not started`);
    return site.url;
  };
  return {
    get url() {
      return url();
    },
    context: (browser, width) =>
      browser.newContext({ baseURL: url(), viewport: { width, height: width > 500 ? 800 : 844 } }),
  };
}
