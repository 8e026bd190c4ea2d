/**
 * Benchmark: a 1 GB walkthrough video uploaded through the gateway to the consultation service in the
 * distributed mode (one process each, PostgreSQL, NATS JetStream, the S3 test server): how long it takes
 * and how much the gateway's and the consultation service's resident memory grow (both stream, so the
 * growth should stay far below the file: the target is under 100 MB each). Printed, never asserted.
 * Needs POSTGRES_URL and NATS_URL (it says so and stops otherwise).
 */
import { ConsultationResponseSchema } from '@platform/contracts';
import { startTestSystem } from '../__tests__/test-system.js';
import { generatedVideo, MB, postMultipartVideo, rssOf, sampleRss } from '../__tests__/video-upload.js';

const postgresUrl = process.env.POSTGRES_URL;
const natsUrl = process.env.NATS_URL;
const VIDEO_BYTES = 1024 * MB;

if (!postgresUrl || !natsUrl) {
  console.log('distributed 1 GB upload: skipped (set POSTGRES_URL and NATS_URL to measure it)');
  process.exit(0);
}

const { system, stop } = await startTestSystem({
  postgresUrl,
  natsUrl,
  tag: 'BU',
  admin: { email: 'support@bench.example', password: 'Support-Bench!2030' },
});
try {
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
  const { submissionId, uploadToken } = ConsultationResponseSchema.parse(await step1.json());
  const pids = {
    gateway: system.processes.gateway!.child.pid!,
    consultation: system.processes.consultation!.child.pid!,
  };
  const baseline = { gateway: await rssOf(pids.gateway), consultation: await rssOf(pids.consultation) };
  const sampler = sampleRss(pids);
  const startedAt = performance.now();
  const answer = await postMultipartVideo(
    new URL(`/api/consultation/${submissionId}/upload`, system.url),
    uploadToken,
    generatedVideo(VIDEO_BYTES),
    VIDEO_BYTES,
  );
  const seconds = (performance.now() - startedAt) / 1000;
  const peaks = await sampler.stop();
  const growth = (name: keyof typeof pids) => ((peaks[name]! - baseline[name]) / MB).toFixed(1);
  console.log(
    `distributed 1 GB upload (status ${answer.status}): ${seconds.toFixed(1)} s ` +
      `(${(VIDEO_BYTES / MB / seconds).toFixed(0)} MB/s); RSS growth gateway ${growth('gateway')} MB, ` +
      `consultation ${growth('consultation')} MB (target < 100 MB each)`,
  );
} finally {
  await stop();
}
