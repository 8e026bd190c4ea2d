/**
 * A site of a spec's own: the embedded mode as `npm start` runs it, on its own data folder and a free port,
 * sending its e-mails to the suite's one mail peer. For specs that change what every other spec reads (the
 * course's outline, a lesson's media), so the shared site stays as the others expect.
 *
 * `ownSite('name')` registers the start in `beforeAll` and the stop (and the folder's removal) in `afterAll`,
 * and answers an object whose `url` and `context()` work once the start has run.
 *
 * `ownSite('name', { clock })` also runs every service on `clock` (a kit `Clock`), for specs that move
 * time: with a `RunningClock` (below), `clock.advance(DAY + MINUTE)` opens the next drip section at once.
 * Sessions follow the service clock (7 days idle, 30 days in all), so a browser stays signed in across a
 * move of a day or two; the gateway and its internal tokens keep real time (packages/embedded). A spec
 * that moves the clock moves it for every test of its file in that worker: it counts from `clock.now()`,
 * never from the time it started at.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { Clock } from '@platform/service-kit/clock';
import { startEmbedded, type EmbeddedSite } from '@platform/embedded';
import { ADMIN, becomeCourseMember, signInThroughApi } from './accounts.js';
import { getSmtpUrl } from './mail-peer.js';

export interface OwnSite {
  /** The site's base address. */
  readonly url: string;
  /** A browser context on the site, at a desktop (height 800) or phone (height 844) width. */
  context(browser: Browser, width: number): Promise<BrowserContext>;
  /** A page in a new `context`, signed in as the support admin. Close it with `closeContexts(page.context())`. */
  adminPage(browser: Browser, width: number): Promise<Page>;
  /** A page in a new `context`, signed in as `email`, a member who owns the course (`becomeCourseMember`). */
  memberPage(browser: Browser, width: number, email: string): Promise<Page>;
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

/**
 * Real time plus an offset that only `advance` changes: the services' time for a spec that moves it. Not the
 * kit's `SettableClock`, which stands still between moves: a whole site writes change after change, and
 * some projections keep only the newer by its time (the course service's copy of a plan's status ignores a
 * change stamped at the same instant as the one it has), so a site's time has to run.
 */
export class RunningClock implements Clock {
  private offsetMs = 0;
  private readonly listeners = new Set<() => void>();

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Moves the services' time forward; the job runners look at their schedules again. */
  advance(milliseconds: number): void {
    this.offsetMs += milliseconds;
    for (const listener of [...this.listeners]) listener();
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}

export interface OwnSiteOptions {
  /** The services' time, a `RunningClock` the spec moves (packages/embedded); real time when left out. */
  clock?: Clock;
}

export function ownSite(name: string, options: OwnSiteOptions = {}): OwnSite {
  let workDir: string | undefined;
  let site: EmbeddedSite | undefined;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    workDir = await mkdtemp(path.join(tmpdir(), `e2e-${name}-`));
    site = await startEmbedded({
      env: embeddedSiteEnv(path.join(workDir, 'data'), { SMTP_URL: getSmtpUrl() }),
      ...(options.clock && { clock: options.clock }),
    });
  });

  test.afterAll(async () => {
    await site?.stop();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  const url = () => {
    if (!site) throw new Error(`the site of ${name} has not started`);
    return site.url;
  };
  const context = (browser: Browser, width: number) =>
    browser.newContext({ baseURL: url(), viewport: { width, height: width > 500 ? 800 : 844 } });
  return {
    get url() {
      return url();
    },
    context,
    async adminPage(browser, width) {
      const page = await (await context(browser, width)).newPage();
      await signInThroughApi(page, ADMIN.email, ADMIN.password);
      return page;
    },
    async memberPage(browser, width, email) {
      const page = await (await context(browser, width)).newPage();
      await becomeCourseMember(page, email);
      return page;
    },
  };
}
