/**
 * The prerendered public pages that show API data (`/` the course outline, `/services` the products),
 * rendered with the current answers (docs/decisions.md, 110): the build keeps the renderer it wrote the
 * pages with and their template beside them (`<shell dir>/prerendered/renderer.cjs`, `_template.html`,
 * scripts/prerender.mjs). For such a page the gateway asks the owning service for each answer the page
 * shows, as an anonymous visitor, with the tag of the copy it has (the course answers a revalidation
 * `304` from its catalogue version, docs/decisions.md, 50), and sends the page it rendered for those
 * answers, rendering it again only when an answer changed (an admin's edit of the catalogue or the course)
 * or the build did. The page carries the answers as a data block, and the browser hydrates with them
 * without asking the API.
 *
 * Requests that arrive while an answer is asked or a page is rendered share that work. When an answer
 * cannot be had, or the page cannot be rendered, the build's file is sent as before (its placeholders
 * are filled in by the browser).
 */
import { createHash } from 'node:crypto';
import { stat, readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import fresh from 'fresh';
import type { ServiceName } from '@platform/contracts/services';
import { INTERNAL_TOKEN_HEADER, signInternalToken } from '@platform/service-kit/identity';
import type { Logger } from '@platform/service-kit/logger';
import { getJson } from '../upstream/get-json.js';
import type { UpstreamAgent } from '../upstream/upstream-agents.js';
import { UpstreamError } from '../upstream/upstream.errors.js';
import { NO_CACHE } from './cache-control.js';
import { varyByEncoding } from './held-files.js';
import { acceptedEncodings } from './precompressed.js';
import { PRERENDERED_DIR } from './prerendered.js';

// As scripts/prerender.mjs writes them; the template's name is no page's (prerendered.ts).
export const RENDERER_FILE = 'renderer.cjs';
export const TEMPLATE_FILE = '_template.html';

/** The largest answer a page is rendered with. */
const MAX_ANSWER_BYTES = 1024 * 1024;

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/** What scripts/prerender-entry.mjs exports, as the build bundled it. */
interface Renderer {
  renderDocument(template: string, path: string, answers: Record<string, unknown>): Promise<string>;
  firstViewUrls(path: string): string[];
}

/** One rendered page, in each encoding it is sent in. */
export interface LivePage {
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export interface LivePagesOptions {
  shellDir: string;
  /** The base URL of the service that answers an API path, or null when none does. */
  serviceUrlFor: (apiPath: string) => { service: ServiceName; url: string } | null;
  internalTokenSecret: string;
  timeoutMs: number;
  agentFor?: (origin: string) => UpstreamAgent | undefined;
  logger: Logger;
}

export interface LivePages {
  /** The page at `pathname` rendered with the current answers; undefined when the build's file is to be sent. */
  page(pathname: string): Promise<LivePage | undefined>;
}

type Known = { etag: string | undefined; body: unknown };

export function createLivePages(options: LivePagesOptions): LivePages {
  const dir = path.join(options.shellDir, PRERENDERED_DIR);
  const rendererFile = path.join(dir, RENDERER_FILE);
  const templateFile = path.join(dir, TEMPLATE_FILE);
  const load = createRequire(import.meta.url);

  let loaded: { build: string; renderer: Renderer; template: string } | null = null;
  const answers = new Map<string, Known>();
  const asking = new Map<string, Promise<Known>>();
  const pages = new Map<string, { key: string; page: Promise<LivePage> }>();

  /** The renderer and template of the current build (loaded again when the build wrote new ones). */
  async function currentBuild(): Promise<{ build: string; renderer: Renderer; template: string } | null> {
    let build: string;
    try {
      const [renderer, template] = await Promise.all([stat(rendererFile), stat(templateFile)]);
      build = `${renderer.mtimeMs}:${renderer.size}:${template.mtimeMs}:${template.size}`;
    } catch {
      return null;
    }
    if (loaded?.build !== build) {
      delete load.cache[rendererFile];
      const renderer = load(rendererFile) as Renderer;
      loaded = { build, renderer, template: await readFile(templateFile, 'utf8') };
    }
    return loaded;
  }

  async function ask(apiPath: string): Promise<Known> {
    const owner = options.serviceUrlFor(apiPath);
    if (!owner) throw new Error(`no service answers ${apiPath}`);
    const known = answers.get(apiPath);
    const headers: Record<string, string> = {
      [INTERNAL_TOKEN_HEADER]: signInternalToken({ kind: 'anonymous' }, options.internalTokenSecret),
    };
    if (known?.etag) headers['if-none-match'] = known.etag;
    const answer = await getJson(`${owner.url}${apiPath}`, {
      upstream: owner.service,
      headers,
      timeoutMs: options.timeoutMs,
      agent: options.agentFor?.(owner.url),
      maxBodyBytes: MAX_ANSWER_BYTES,
    });
    if (answer.status === 304 && known) return known;
    if (answer.status !== 200 || answer.body === undefined) {
      throw new UpstreamError(owner.service, 'unavailable', {
        cause: new Error(`${apiPath} answered ${answer.status}`),
      });
    }
    const fresh = { etag: answer.headers.etag, body: answer.body };
    answers.set(apiPath, fresh);
    return fresh;
  }

  /** The current answer at `apiPath`; requests at the same time share the one question. */
  function currentAnswer(apiPath: string): Promise<Known> {
    let question = asking.get(apiPath);
    if (!question) {
      question = ask(apiPath).finally(() => asking.delete(apiPath));
      asking.set(apiPath, question);
    }
    return question;
  }

  async function render(
    renderer: Renderer,
    template: string,
    pathname: string,
    data: Record<string, unknown>,
  ): Promise<LivePage> {
    const html = Buffer.from(await renderer.renderDocument(template, pathname, data));
    const [br, gz] = await Promise.all([
      compressBrotli(html, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: html.length,
        },
      }),
      compressGzip(html, { level: 9 }),
    ]);
    const etag = `"${createHash('sha256').update(html).digest('base64url')}"`;
    return { etag, identity: html, br, gzip: gz };
  }

  return {
    async page(pathname) {
      try {
        const build = await currentBuild();
        if (!build) return undefined;
        const urls = build.renderer.firstViewUrls(pathname);
        if (urls.length === 0) return undefined;
        const known = await Promise.all(urls.map(currentAnswer));
        const key = [build.build, ...known.map((answer) => answer.etag ?? '')].join('|');
        const cached = pages.get(pathname);
        if (cached?.key === key) return await cached.page;
        const data = Object.fromEntries(urls.map((url, index) => [url, known[index]?.body]));
        const page = render(build.renderer, build.template, pathname, data);
        pages.set(pathname, { key, page });
        // A failed render is tried again by the next request.
        page.catch(() => {
          if (pages.get(pathname)?.page === page) pages.delete(pathname);
        });
        return await page;
      } catch (error) {
        options.logger.warn(
          { err: error, page: pathname },
          'could not render the page with the current answers',
        );
        return undefined;
      }
    },
  };
}

/**
 * Sends a rendered page as a built page is sent: its best encoding the request accepts, `no-cache`, a
 * strong tag of its content, 304 for a fresh `If-None-Match`, HEAD without the body.
 */
export function sendLivePage(req: IncomingMessage, res: ServerResponse, page: LivePage): void {
  const [encoding] = acceptedEncodings(req.headers['accept-encoding']);
  const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  if (encoding) res.setHeader('content-encoding', encoding);
  varyByEncoding(res);
  res.setHeader('cache-control', NO_CACHE);
  res.setHeader('etag', page.etag);
  if (req.headers['if-none-match'] !== undefined && fresh(req.headers, { etag: page.etag })) {
    res.removeHeader('content-type');
    res.removeHeader('content-encoding');
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = 200;
  res.setHeader('content-length', body.length);
  if (req.method === 'HEAD') res.end();
  else res.end(body);
}
