/**
 * A walkthrough video uploaded through the gateway to the consultation service, in distributed mode
 * (every service and the gateway as its own process, PostgreSQL, NATS JetStream, the S3 test server):
 * streamed into S3 in several parts, and the stored object has every byte. The body is generated on the
 * fly (an MP4 header, then filler). Needs POSTGRES_URL and NATS_URL. What a 1 GB upload costs in time and
 * memory is measured by `npm run bench`, not here.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  AdminConsultationListSchema,
  ConsultationResponseSchema,
  UploadFilesResponseSchema,
} from '@platform/contracts';
import { startTestSystem, type DistributedSystem } from './test-system.js';
import { generatedVideo, MB, MP4_HEADER, postMultipartVideo } from './video-upload.js';

const postgresUrl = process.env.POSTGRES_URL;
const natsUrl = process.env.NATS_URL;
const SUPPORT = { email: 'support@upload.example', password: 'Support-Desk!2030' };
// Larger than one S3 part, so the upload is stored in several; the 1 GB memory figures are a benchmark
// (scripts/bench/distributed-upload-memory.ts), not a test.
const VIDEO_BYTES = 48 * MB;

(postgresUrl && natsUrl ? describe : describe.skip)('a video upload in distributed mode', () => {
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

  it('streams through the gateway into S3, every byte arriving', async () => {
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

    const answer = await postMultipartVideo(
      new URL(`/api/consultation/${submissionId}/upload`, system.url),
      uploadToken,
      generatedVideo(VIDEO_BYTES),
      VIDEO_BYTES,
    );
    expect(answer.status).toBe(200);
    const body = UploadFilesResponseSchema.parse(JSON.parse(answer.body));
    expect(body.files).toHaveLength(1);
    expect(body.rejected).toEqual([]);

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
  }, 300_000);
});
