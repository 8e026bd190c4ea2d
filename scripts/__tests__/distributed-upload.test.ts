/**
 * A 1 GB walkthrough video uploaded through the gateway to the consultation service, in distributed mode
 * (every service and the gateway as its own process, PostgreSQL, NATS JetStream, the S3 test server).
 * The body is generated on the fly (an MP4 header, then filler), never held in memory; the gateway and
 * the consultation service must stream it, so neither process's resident memory may grow by 100 MB or
 * more, and the stored object must have every byte. Needs POSTGRES_URL and NATS_URL.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  AdminConsultationListSchema,
  ConsultationResponseSchema,
  UploadFilesResponseSchema,
} from '@platform/contracts';
import { startTestSystem, type DistributedSystem } from './test-system.js';

const postgresUrl = process.env.POSTGRES_URL;
const natsUrl = process.env.NATS_URL;
const SUPPORT = { email: 'support@upload.example', password: 'Support-Desk!2030' };
const MB = 1024 * 1024;
const VIDEO_BYTES = 1024 * MB;
const MAX_GROWTH = 100 * MB;
/** `ftyp` box of an ISO MP4: enough for the content check to see a video. */
const MP4_HEADER = Buffer.from('000000186674797069736f6d0000020069736f6d6d703432', 'hex');

/** Resident memory of a process, from /proc (Linux). */
async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) * 1024;
}

/** Samples the peak RSS of some processes until stopped. */
function sampleRss(pids: Record<string, number>) {
  const peaks: Record<string, number> = Object.fromEntries(Object.keys(pids).map((name) => [name, 0]));
  const sample = async () => {
    for (const [name, pid] of Object.entries(pids)) peaks[name] = Math.max(peaks[name]!, await rssOf(pid));
  };
  const timer = setInterval(() => void sample().catch(() => undefined), 100);
  return {
    async stop() {
      clearInterval(timer);
      await sample();
      return peaks;
    },
  };
}

/** The video's bytes: the header, then 1 MB filler chunks (one buffer reused), `size` bytes in all. */
function generatedVideo(size: number): Readable {
  const filler = Buffer.alloc(MB, 0x2e);
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) {
        this.push(null);
        return;
      }
      const chunk = sent === 0 ? Buffer.concat([MP4_HEADER, filler.subarray(MP4_HEADER.length)]) : filler;
      const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
      sent += part.length;
      this.push(part);
    },
  });
}

/** POSTs a multipart body (fileType, then the file) streamed from `video`, with a known length. */
function postMultipartVideo(url: URL, token: string, video: Readable, size: number) {
  const boundary = `----upload${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="fileType"\r\n\r\nvideos\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="walkthrough.mp4"\r\n` +
      'Content-Type: video/mp4\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + size + tail.length),
        'x-upload-token': token,
      },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', reject);
    });
    request.write(head);
    video.on('error', reject);
    video.on('end', () => request.end(tail));
    video.pipe(request, { end: false });
  });
}

(postgresUrl && natsUrl ? describe : describe.skip)('a 1 GB upload in distributed mode', () => {
  let system: DistributedSystem;
  let stopSystem: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const started = await startTestSystem({
      postgresUrl: postgresUrl!,
      natsUrl: natsUrl!,
      tag: 'U',
      admin: SUPPORT,
    });
    system = started.system;
    stopSystem = started.stop;
  }, 120_000);

  afterAll(async () => {
    await stopSystem?.();
  }, 60_000);

  it('streams through the gateway into S3 with bounded memory, every byte arriving', async () => {
    const step1 = await fetch(`${system.url}/api/consultation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        businessName: 'Big Video Diner',
        ownerName: 'Olga Streamer',
        email: 'olga@big-video-diner.com',
        restaurantName: 'Big Video Diner',
        location: 'Portland, Oregon',
        currentChallenges: 'Our dinner service is slow and the kitchen layout causes collisions.',
        consultationGoals: 'Cut ticket times by a third and redesign the line for two cooks.',
      }),
    });
    expect(step1.status).toBe(200);
    const { submissionId, uploadToken } = ConsultationResponseSchema.parse(await step1.json());

    const pids = {
      gateway: system.processes.gateway!.child.pid!,
      consultation: system.processes.consultation!.child.pid!,
    };
    const baseline = { gateway: await rssOf(pids.gateway), consultation: await rssOf(pids.consultation) };
    const sampler = sampleRss(pids);
    const startedAt = Date.now();
    const answer = await postMultipartVideo(
      new URL(`/api/consultation/${submissionId}/upload`, system.url),
      uploadToken,
      generatedVideo(VIDEO_BYTES),
      VIDEO_BYTES,
    );
    const seconds = (Date.now() - startedAt) / 1000;
    const peaks = await sampler.stop();
    const growth = {
      gateway: peaks.gateway! - baseline.gateway,
      consultation: peaks.consultation! - baseline.consultation,
    };
    // Reported for the record: how long 1 GB took on this machine and how much memory it cost.
    console.info(
      `1 GB upload: ${seconds.toFixed(1)} s (${(VIDEO_BYTES / MB / seconds).toFixed(0)} MB/s); RSS growth ` +
        `gateway ${(growth.gateway / MB).toFixed(1)} MB, consultation ${(growth.consultation / MB).toFixed(1)} MB`,
    );

    expect(answer.status).toBe(200);
    const body = UploadFilesResponseSchema.parse(JSON.parse(answer.body));
    expect(body.files).toHaveLength(1);
    expect(body.rejected).toEqual([]);
    expect(growth.gateway).toBeLessThan(MAX_GROWTH);
    expect(growth.consultation).toBeLessThan(MAX_GROWTH);

    // The admin sees the file with its full size, and S3 holds every byte.
    const login = await fetch(`${system.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(SUPPORT),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const list = AdminConsultationListSchema.parse(
      await (await fetch(`${system.url}/api/consultations`, { headers: { cookie } })).json(),
    );
    const file = list.find((item) => item.id === submissionId)!.files[0]!;
    expect(file).toMatchObject({ kind: 'videos', contentType: 'video/mp4', size: VIDEO_BYTES });
    const redirect = await fetch(`${system.url}${file.url}`, { headers: { cookie }, redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const tailBytes = await fetch(redirect.headers.get('location')!, {
      headers: { Range: `bytes=${VIDEO_BYTES - 16}-${VIDEO_BYTES - 1}` },
    });
    expect(tailBytes.status).toBe(206);
    expect(tailBytes.headers.get('content-range')).toBe(
      `bytes ${VIDEO_BYTES - 16}-${VIDEO_BYTES - 1}/${VIDEO_BYTES}`,
    );
    expect(Buffer.from(await tailBytes.arrayBuffer()).equals(Buffer.alloc(16, 0x2e))).toBe(true);
    const headBytes = await fetch(redirect.headers.get('location')!, { headers: { Range: 'bytes=0-23' } });
    expect(Buffer.from(await headBytes.arrayBuffer()).equals(MP4_HEADER)).toBe(true);
  }, 900_000);
});
