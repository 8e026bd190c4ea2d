/**
 * `/api/demo-video/*` (docs/decisions.md, 71): with MEDIA_OBJECTS_DIR the gateway sends a free preview from
 * the course's folder itself, with the course's headers, ranges and validators, asking the course only for
 * its list of open lessons' files, once per second at most (a revalidation), never per range; whatever it
 * does not send (not whitelisted, not a plain media name, other methods, no list to be had) reaches the
 * course, which refuses it as before. Without the setting (the distributed mode) every request reaches the
 * course and its cacheable answer passes through untouched.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createLogger } from '@platform/service-kit/logger';
import { LocalObjectStore } from '@platform/service-kit/storage';
import { listen } from '@platform/service-kit/http';
import { SettableClock } from '@platform/service-kit/clock';
import { createGateway } from '../app.js';
import { loadGatewayConfig } from '../config.js';
import { OPEN_FILES_FRESH_MS } from '../media/public-previews.js';
import { createUpstreamAgents } from '../upstream/upstream-agents.js';
import { expectWholeVideo, request } from './helpers/http-client.js';
import { answerRevalidated, gatewayEnv, startServicePeers, urlsOf, type Peers } from './helpers/peers.js';

const PREVIEW = Buffer.from(Array.from({ length: 6000 }, (_, i) => (i * 13) % 251));
const LESSON = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 5) % 241));
const COURSE_ANSWER = { message: 'Video not found' };

/** What the course peer lists as open lessons' files, under which tag, and whether it answers at all. */
const course = { files: ['opening-checklists.mp4'], version: 1, listing: true };

let peers: Peers;
let rootDir: string;
let clock: SettableClock;
let gateway: { url: string; close(): Promise<void> };
let plainGateway: { url: string; close(): Promise<void> };
const agents = createUpstreamAgents();

async function startGateway(env: Record<string, string>) {
  const config = loadGatewayConfig(env);
  const { listener } = createGateway(config, {
    agents,
    clock,
    logger: createLogger({ service: 'gateway', level: 'silent' }),
  });
  const running = await listen(listener, 0, '127.0.0.1');
  return { url: running.url, close: () => running.close(1_000) };
}

beforeAll(async () => {
  rootDir = await mkdtemp(path.join(tmpdir(), 'gateway-previews-'));
  const store = new LocalObjectStore({ rootDir });
  await store.put('course-media/free-preview-1.mp4', PREVIEW, { contentType: 'video/mp4' });
  await store.put('course-media/opening-checklists.mp4', LESSON, { contentType: 'video/mp4' });
  await store.put('course-media/member-lesson.mp4', LESSON, { contentType: 'video/mp4' });
  await store.put('course-media/free-workbook.pdf', Buffer.from('%PDF-1.4 free'), {
    contentType: 'application/pdf',
  });
  peers = await startServicePeers({
    course: {
      routes: (router) => {
        router.get('/internal/demo-video-files', (req, res) =>
          answerRevalidated(req, res, {
            answering: course.listing,
            etag: `"catalogue-${course.version}"`,
            body: () => ({ files: course.files }),
          }),
        );
        // The course refusing what the gateway left to it (and, for the distributed gateway, its answer).
        router.all('/api/demo-video/{*rest}', (req, res) => {
          if (req.method === 'GET' && req.path === '/api/demo-video/free-preview-1.mp4') {
            res.set({ 'Cache-Control': 'public, max-age=3600', ETag: '"from-the-course"' });
            if (req.get('if-none-match') === '"from-the-course"') res.status(304).end();
            else res.type('video/mp4').send(PREVIEW);
            return;
          }
          res.status(404).json(COURSE_ANSWER);
        });
      },
    },
  });
  clock = new SettableClock('2026-11-29T10:00:00Z');
  gateway = await startGateway(gatewayEnv(urlsOf(peers), { MEDIA_OBJECTS_DIR: rootDir }));
  plainGateway = await startGateway(gatewayEnv(urlsOf(peers)));
});

afterAll(async () => {
  await gateway?.close();
  await plainGateway?.close();
  await peers?.closeAll();
  agents.destroy();
  await rm(rootDir, { recursive: true, force: true });
});

beforeEach(() => {
  course.files = ['opening-checklists.mp4'];
  course.listing = true;
  // Every test starts with the gateway's copy of the list out of date.
  clock.advance(OPEN_FILES_FRESH_MS);
});

const seenByCourse = (prefix: string) =>
  peers.course.seen.filter((seen) => seen.url.startsWith(prefix)).length;
const demo = (file: string, headers: Record<string, string> = {}, method = 'GET') =>
  request(`${gateway.url}/api/demo-video/${file}`, { method, headers });

describe('free previews from the gateway', () => {
  it('sends a promotional file from the folder with the course headers, asking no service', async () => {
    const before = peers.course.seen.length;
    const response = await demo('free-preview-1.mp4');
    expectWholeVideo(response, PREVIEW, 'public, max-age=3600');
    expect(new Date(response.headers['last-modified']!).getTime()).not.toBeNaN();
    expect(peers.course.seen.length).toBe(before);
  });

  it('sends a free document as a download with its name', async () => {
    const response = await demo('free-workbook.pdf');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="free-workbook.pdf"');
    expect(response.text()).toBe('%PDF-1.4 free');
  });

  it("asks the course for its open lessons' files once, not per range", async () => {
    const listsBefore = seenByCourse('/internal/demo-video-files');
    const demosBefore = seenByCourse('/api/demo-video/');
    for (let read = 0; read < 25; read += 1) {
      const response = await demo('opening-checklists.mp4', { Range: 'bytes=0-' });
      expect(response.status).toBe(206);
      expect(response.headers['content-range']).toBe(`bytes 0-${LESSON.length - 1}/${LESSON.length}`);
      expect(response.body.equals(LESSON)).toBe(true);
    }
    expect(seenByCourse('/internal/demo-video-files') - listsBefore).toBe(1);
    expect(seenByCourse('/api/demo-video/') - demosBefore).toBe(0);
  });

  it('revalidates the list once it is a second old, and follows the course when a lesson is locked', async () => {
    expect((await demo('opening-checklists.mp4')).status).toBe(200);
    const revalidations = () =>
      peers.course.seen.filter(
        (seen) => seen.url === '/internal/demo-video-files' && seen.headers['if-none-match'],
      ).length;
    const before = revalidations();
    clock.advance(OPEN_FILES_FRESH_MS);
    expect((await demo('opening-checklists.mp4')).status).toBe(200);
    expect(revalidations() - before).toBe(1);

    // The lesson is locked in the studio: the catalogue moves on, the file leaves the list.
    course.files = [];
    course.version += 1;
    expect((await demo('opening-checklists.mp4')).status).toBe(200);
    clock.advance(OPEN_FILES_FRESH_MS);
    const demosBefore = seenByCourse('/api/demo-video/');
    const locked = await demo('opening-checklists.mp4');
    expect(locked.status).toBe(404);
    expect(locked.json()).toEqual(COURSE_ANSWER);
    expect(seenByCourse('/api/demo-video/') - demosBefore).toBe(1);
  });

  it('leaves what is not whitelisted to the course, which refuses it', async () => {
    const refused = [
      'member-lesson.mp4',
      'free-page.html',
      '..%2Ffree-preview-1.mp4',
      'free-preview-1.mp4%2F..%2Fmember-lesson.mp4',
      'free-preview-1.mp4/extra',
      '.free.mp4',
    ];
    for (const file of refused) {
      const before = seenByCourse('/api/demo-video/');
      const response = await demo(file);
      expect({ file, status: response.status, body: response.json() }).toEqual({
        file,
        status: 404,
        body: COURSE_ANSWER,
      });
      expect(seenByCourse('/api/demo-video/') - before).toBe(1);
    }
    const before = seenByCourse('/api/demo-video/');
    expect((await demo('free-preview-1.mp4', {}, 'POST')).status).toBe(404);
    // A name that does not even decode: the course's own stack answers it.
    await demo('free-%E0%A4%A.mp4');
    expect(seenByCourse('/api/demo-video/') - before).toBe(2);
  });

  it('answers a whitelisted name missing from the folder with 404', async () => {
    const response = await demo('free-preview-9.mp4');
    expect(response.status).toBe(404);
    expect(response.json()).toEqual(COURSE_ANSWER);
  });

  it('answers byte ranges: a span, an open end, a suffix, and 416 past the end', async () => {
    const size = PREVIEW.length;
    for (const [range, start, end] of [
      ['bytes=0-1023', 0, 1023],
      ['bytes=1000-', 1000, size - 1],
      ['bytes=-2048', size - 2048, size - 1],
    ] as const) {
      const response = await demo('free-preview-1.mp4', { Range: range });
      expect(response.status).toBe(206);
      expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
      expect(response.body.equals(PREVIEW.subarray(start, end + 1))).toBe(true);
    }
    const past = await demo('free-preview-1.mp4', { Range: `bytes=${size}-` });
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);
    expect(past.json()).toEqual({ message: 'Range not satisfiable' });
  });

  it('answers 304 to its validators, and the whole file when If-Range is stale', async () => {
    const first = await demo('free-preview-1.mp4');
    const etag = first.headers.etag!;
    const byTag = await demo('free-preview-1.mp4', { 'If-None-Match': etag });
    expect(byTag.status).toBe(304);
    expect(byTag.headers.etag).toBe(etag);
    expect(byTag.body.length).toBe(0);
    const byDate = await demo('free-preview-1.mp4', { 'If-Modified-Since': first.headers['last-modified']! });
    expect(byDate.status).toBe(304);

    const resumed = await demo('free-preview-1.mp4', { Range: 'bytes=100-199', 'If-Range': etag });
    expect(resumed.status).toBe(206);
    const stale = await demo('free-preview-1.mp4', { Range: 'bytes=100-199', 'If-Range': '"older"' });
    expect(stale.status).toBe(200);
    expect(stale.body.equals(PREVIEW)).toBe(true);
  });

  it('answers HEAD with the headers only', async () => {
    const response = await demo('free-preview-1.mp4', {}, 'HEAD');
    expect(response.status).toBe(200);
    expect(response.headers['content-length']).toBe(String(PREVIEW.length));
    expect(response.body.length).toBe(0);
  });

  it('leaves a lesson file to the course while the list cannot be had', async () => {
    course.listing = false;
    const before = seenByCourse('/api/demo-video/');
    const response = await demo('opening-checklists.mp4');
    expect(response.status).toBe(404);
    expect(response.json()).toEqual(COURSE_ANSWER);
    expect(seenByCourse('/api/demo-video/') - before).toBe(1);
  });
});

describe('free previews without MEDIA_OBJECTS_DIR (the distributed mode)', () => {
  it("passes the course's cacheable answer and its 304 through untouched", async () => {
    const before = seenByCourse('/api/demo-video/');
    const url = `${plainGateway.url}/api/demo-video/free-preview-1.mp4`;
    const response = await request(url);
    expect(response.status).toBe(200);
    expect(response.body.equals(PREVIEW)).toBe(true);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.headers.etag).toBe('"from-the-course"');
    const cached = await request(url, { headers: { 'If-None-Match': '"from-the-course"' } });
    expect(cached.status).toBe(304);
    expect(seenByCourse('/api/demo-video/') - before).toBe(2);
  });
});
