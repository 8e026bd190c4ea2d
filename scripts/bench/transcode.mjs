/**
 * Benchmark: transcoding a lesson video into HLS (360p + 720p, master playlist, poster, real duration).
 * The anchor is ffmpeg run directly on a local file with the same renditions, at normal priority; the
 * measured run is the course service's own work queue (object store → temp file → ffprobe → ffmpeg at a
 * lower CPU priority → poster → store → the lesson), on PGlite and the local folder. On a busy machine the
 * lower priority shows in the time. Prints the time per minute of video and the peak resident
 * memory of the ffmpeg child, each as a ratio to the anchor, and how much the service process grew.
 * Printed, never asserted. Run by `npm run bench` (node --conditions=@platform/source --import tsx);
 * BENCH_TRANSCODE_SECONDS sets the video's length (default 30). A second direct run at the queue's CPU
 * priority tells the cost of the priority (which only shows when other work competes) from the pipeline's.
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { setPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { InProcessBus } from '@platform/service-kit/events';
import { createLogger } from '@platform/service-kit/logger';
import { startService } from '@platform/service-kit/runtime';
import { eq } from 'drizzle-orm';
import { courseService } from '../../services/course/src/index.ts';
import { courseLessons, lessonTranscodes } from '../../services/course/src/db/schema.ts';
import { courseMediaKey } from '../../services/course/src/media/bundled-media.ts';
import { mediaBinaries, runMediaTool } from '../../services/course/src/transcoding/ffmpeg.ts';
import { hlsArguments, planRenditions } from '../../services/course/src/transcoding/hls-renditions.ts';
import { probeVideo } from '../../services/course/src/transcoding/probe-video.ts';
import { queueLessonTranscode } from '../../services/course/src/transcoding/queue-transcode.ts';

const SECONDS = Number(process.env.BENCH_TRANSCODE_SECONDS ?? 30);
const MB = 1024 * 1024;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');

/** Peak resident memory (VmHWM) of a process, from /proc; null once it is gone. */
async function peakRssOf(pid) {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = /^VmHWM:\s+(\d+) kB/m.exec(status);
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Linux counts a process's CPU time in ticks of 1/100 s (CLK_TCK). */
const TICKS_PER_SECOND = 100;

/**
 * Samples every ffmpeg child of this process every 50 ms and keeps each one's high-water mark (read
 * while it runs: the kernel keeps VmHWM, so a late sample still sees the peak) and its CPU time (user +
 * system, the last sample before it ended: less sensitive than wall time to other work on the machine).
 */
function sampleFfmpegChildren() {
  const peaks = new Map();
  const cpu = new Map();
  let running = true;
  const loop = (async () => {
    while (running) {
      for (const entry of await readdir('/proc').catch(() => [])) {
        if (!/^\d+$/.test(entry)) continue;
        const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
        // pid (comm) state ppid …
        const match = /^\d+ \((.*)\) (.*)$/s.exec(stat);
        const fields = match?.[2].split(' ') ?? [];
        // After the name: state, ppid, … utime and stime are the 12th and 13th.
        if (!match || match[1] !== 'ffmpeg' || Number(fields[1]) !== process.pid) continue;
        cpu.set(entry, Number(fields[11]) + Number(fields[12]));
        const peak = await peakRssOf(entry);
        if (peak !== null) peaks.set(entry, Math.max(peaks.get(entry) ?? 0, peak));
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return async () => {
    running = false;
    await loop;
    const ticks = [...cpu.values()].reduce((sum, value) => sum + value, 0);
    return { peak: Math.max(0, ...peaks.values()), cpuSeconds: ticks / TICKS_PER_SECOND };
  };
}

const work = await mkdtemp(path.join(tmpdir(), 'bench-transcode-'));
try {
  const { ffmpeg } = mediaBinaries();
  const source = path.join(work, 'source.mp4');
  console.log(`\ntranscoding: making a ${SECONDS} s 1280x720 30 fps test video…`);
  await runMediaTool(ffmpeg, [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=s=1280x720:r=30:d=${SECONDS}`,
    '-f',
    'lavfi',
    '-i',
    `sine=f=440:d=${SECONDS}`,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '23',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    '-movflags',
    '+faststart',
    source,
  ]);
  const probe = await probeVideo(source);
  const minutes = probe.durationSeconds / 60;
  const { size } = await stat(source);

  // The anchor: ffmpeg alone, the same renditions, local file in and out.
  const anchorOut = path.join(work, 'anchor');
  const renditions = planRenditions(probe);
  /** ffmpeg spawned plainly (output ignored), as someone would run it by hand; `nice` as given. */
  async function direct(outDir, nice) {
    for (const rendition of renditions) await mkdir(path.join(outDir, rendition.name), { recursive: true });
    const stopSampler = sampleFfmpegChildren();
    const started = performance.now();
    await new Promise((resolve, reject) => {
      const child = spawn(ffmpeg, hlsArguments({ input: source, outDir, probe, renditions }), {
        stdio: 'ignore',
      });
      if (nice) setPriority(child.pid, nice);
      child.once('error', reject);
      child.once('close', (code) =>
        code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}`)),
      );
    });
    const seconds = (performance.now() - started) / 1000;
    return { seconds, ...(await stopSampler()) };
  }
  const anchor = await direct(anchorOut, 0);
  const niced = await direct(path.join(work, 'niced'), 10);

  // The service's queue, end to end.
  const dataDir = path.join(work, 'data');
  const bus = new InProcessBus({ duplicateWindowMs: 0 });
  const service = await startService(courseService, {
    env: {
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      INTERNAL_TOKEN_SECRET: randomBytes(24).toString('hex'),
      PGLITE_TEMPLATE_CACHE: path.join(root, 'node_modules', '.cache', 'pglite-templates'),
    },
    bus,
    port: 0,
    host: '127.0.0.1',
    logger: createLogger({ service: 'course', level: 'silent' }),
  });
  let queued;
  try {
    const { db, store } = service.deps;
    const name = `bench-${randomUUID()}.mp4`;
    await store.put(courseMediaKey(name), createReadStream(source), { contentType: 'video/mp4', size });
    const [lesson] = await db.select({ id: courseLessons.id }).from(courseLessons).limit(1);
    await db.update(courseLessons).set({ videoUrl: name }).where(eq(courseLessons.id, lesson.id));
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const rssTimer = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
    const stopSampler = sampleFfmpegChildren();
    const started = performance.now();
    queued = await db.transaction((tx) =>
      queueLessonTranscode(tx, { lessonId: lesson.id, sourceFile: name, now: service.deps.clock.now() }),
    );
    for (;;) {
      const [row] = await db.select().from(lessonTranscodes).where(eq(lessonTranscodes.id, queued));
      if (row.status === 'done') break;
      if (row.status === 'failed' || row.lastError) throw new Error(`the transcode failed: ${row.lastError}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const queueSeconds = (performance.now() - started) / 1000;
    clearInterval(rssTimer);
    const { peak: queuePeak, cpuSeconds: queueCpu } = await stopSampler();

    const perMinute = (seconds) => (seconds / minutes).toFixed(1);
    const mb = (bytes) => (bytes / MB).toFixed(0);
    const ratio = (value, anchor) => (anchor > 0 ? (value / anchor).toFixed(2) : 'n/a');
    console.log(
      `transcoding ${probe.durationSeconds.toFixed(0)} s of ${probe.width}x${probe.height} video ` +
        `(${(size / MB).toFixed(1)} MB) into ${renditions.map((rendition) => rendition.name).join(' + ')} HLS; ` +
        'per minute of video, and as a ratio to the anchor:',
    );
    const line = (label, run) =>
      console.log(
        `  ${label.padEnd(34)} wall ${perMinute(run.seconds).padStart(6)} s (${ratio(run.seconds, anchor.seconds)}×)` +
          `   ffmpeg CPU ${perMinute(run.cpuSeconds).padStart(6)} s (${ratio(run.cpuSeconds, anchor.cpuSeconds)}×)` +
          `   ffmpeg peak RSS ${mb(run.peak).padStart(4)} MB (${ratio(run.peak, anchor.peak)}×)`,
      );
    line('direct ffmpeg (the anchor)', anchor);
    line('direct ffmpeg at nice 10', niced);
    line("the course service's queue", { seconds: queueSeconds, cpuSeconds: queueCpu, peak: queuePeak });
    console.log(
      `  (the queue includes the store, ffprobe, the poster and the upload; its ffmpeg runs at nice 10; ` +
        `the service process grew ${mb(rssPeak - rssBefore)} MB meanwhile)`,
    );
  } finally {
    await service.stop();
    await bus.close();
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
