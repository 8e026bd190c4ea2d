/**
 * The prerendered pages that show API data are sent drawn with the current answers (docs/decisions.md,
 * 110): the gateway asks the owning service as an anonymous visitor, revalidating with the tag of its
 * copy, renders the page with the build's renderer only when an answer or the build changed, and sends
 * the build's file when the answer cannot be had. The renderer here is a stand-in with the built one's
 * exports (scripts/prerender-entry.mjs); the browser suite runs the real one.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { RunningGateway } from '../../server.js';
import { startTestGateway } from '../../__tests__/helpers/gateway.js';
import { request } from '../../__tests__/helpers/http-client.js';
import {
  answerRevalidated,
  gatewayEnv,
  startServicePeers,
  urlsOf,
  type Peers,
} from '../../__tests__/helpers/peers.js';
import { writeBuilt } from '../../__tests__/helpers/built-files.js';

const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const TEMPLATE =
  '<!doctype html><html><head><title>Shell</title></head><body><div id="root"></div></body></html>';
const BUILT_SERVICES = TEMPLATE.replace('<div id="root"></div>', '<div id="root"><main>loading</main></div>');
const BUILT_PRICING = TEMPLATE.replace('<div id="root"></div>', '<div id="root"><main>pricing</main></div>');

/** A renderer with the built one's exports; each render is numbered, so a page rendered again shows. */
const renderer = (mark: string) => `
let renders = 0;
exports.firstViewUrls = (path) => (path === '/services' ? ['/api/products'] : []);
exports.renderDocument = async (template, path, answers) => {
  renders += 1;
  return template.replace('<div id="root"></div>', '<div id="root"><main>${mark} ' + renders + ' ' + JSON.stringify(answers) + '</main></div>');
};
`;

/** What the course peer answers at /api/products, under which tag, and whether it answers at all. */
const catalogue = { version: 1, answering: true };

let root: string;
let shell: string;
let peers: Peers;
let gateway: RunningGateway;

const view = (url: string, headers: Record<string, string> = {}) =>
  request(`${gateway.url}${url}`, { headers: { accept: HTML, ...headers } });
const productReads = () => peers.course.seen.filter((seen) => seen.url === '/api/products');

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'gateway-live-pages-'));
  shell = path.join(root, 'shell');
  await writeBuilt(shell, { 'index.html': TEMPLATE });
  await writeBuilt(path.join(shell, 'prerendered'), {
    'services.html': BUILT_SERVICES,
    'pricing.html': BUILT_PRICING,
    '_template.html': TEMPLATE,
    'renderer.cjs': renderer('render'),
  });
  await writeBuilt(path.join(root, 'public'), {
    'mf-manifest.json': JSON.stringify({ id: 'public', name: 'public', exposes: [{ path: './routes' }] }),
    'routes.json': JSON.stringify({ routes: ['/', '/services', '/pricing'] }),
  });
  peers = await startServicePeers({
    course: {
      routes: (router) => {
        router.get('/api/products', (req, res) =>
          answerRevalidated(req, res, {
            answering: catalogue.answering,
            etag: `"products-${catalogue.version}"`,
            body: () => ({ products: [{ id: 'restaurant-consultation', price: 69700 * catalogue.version }] }),
          }),
        );
      },
    },
  });
  gateway = await startTestGateway(
    gatewayEnv(urlsOf(peers), { SHELL_DIR: shell, MFE_PUBLIC_DIR: path.join(root, 'public') }),
  );
});

afterAll(async () => {
  await gateway?.close();
  await peers?.closeAll();
  await rm(root, { recursive: true, force: true });
});

beforeEach(() => {
  catalogue.answering = true;
});

describe('pages drawn with the current answers', () => {
  it('sends /services drawn with the answer the course gives an anonymous visitor', async () => {
    const res = await view('/services', { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'content-encoding': 'br',
      'cache-control': 'no-cache',
      vary: 'Accept-Encoding',
    });
    expect(res.headers.link).toBeUndefined();
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    const html = brotliDecompressSync(res.body).toString();
    expect(html).toContain('{"/api/products":{"products":[{"id":"restaurant-consultation","price":69700}]}}');
    expect(productReads().at(-1)?.caller).toEqual({ kind: 'anonymous' });
  });

  it('revalidates the answer at each view and renders again only when it changed', async () => {
    const first = await view('/services');
    const mark = /render (\d+) /.exec(first.text())?.[1];
    const readsBefore = productReads().length;

    const again = await view('/services');
    expect(again.text()).toBe(first.text());
    expect(productReads()).toHaveLength(readsBefore + 1);
    expect(productReads().at(-1)?.headers['if-none-match']).toBe(`"products-${catalogue.version}"`);
    // The browser's copy is still the page.
    const revisit = await view('/services', { 'if-none-match': String(first.headers.etag) });
    expect(revisit.status).toBe(304);
    expect(revisit.body).toHaveLength(0);

    // The admin changes the catalogue: the next view is drawn with it.
    catalogue.version += 1;
    const changed = await view('/services');
    expect(changed.text()).toContain(`"price":${69700 * catalogue.version}`);
    expect(changed.text()).toContain(`render ${Number(mark) + 1} `);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
  });

  it('sends the build’s page when the answer cannot be had, and draws it again once it can', async () => {
    catalogue.answering = false;
    const res = await view('/services');
    expect(res.status).toBe(200);
    expect(res.text()).toBe(BUILT_SERVICES);
    catalogue.answering = true;
    expect((await view('/services')).text()).toContain('"products"');
  });

  it('sends the build’s page for a page that shows no API data', async () => {
    const res = await view('/pricing');
    expect(res.text()).toBe(BUILT_PRICING);
  });

  it('renders with a new build’s renderer once the build wrote it', async () => {
    await writeFile(path.join(shell, 'prerendered', 'renderer.cjs'), renderer('rebuilt'));
    expect((await view('/services')).text()).toContain('<main>rebuilt 1 ');
    await writeFile(path.join(shell, 'prerendered', 'renderer.cjs'), renderer('render'));
  });

  it('keeps the renderer and the template from the browser', async () => {
    for (const file of ['renderer.cjs', '_template.html']) {
      const res = await request(`${gateway.url}/prerendered/${file}`);
      expect({ file, status: res.status }).toEqual({ file, status: 404 });
    }
  });
});
