/**
 * Transcoding lesson videos into HLS as a work queue of the kit (docs/behaviour/course-studio.md#adaptive-streaming):
 * one video at a time per replica (ffmpeg takes every core it gets), retried with backoff, `failed` with
 * its error after the last attempt. For each item: the source comes out of the object store into a
 * folder of its own under `DATA_DIR/transcoding/` (streamed), ffmpeg writes the renditions, the master
 * playlist and a poster there, they stream back into the store under the item's own folder, and the
 * lesson takes them with its real duration in one transaction, only if the item is still its latest.
 * The temporary folder is removed whatever happens.
 *
 * While ffmpeg runs, its progress goes into the item's `progress` (at most about once a second) and the
 * claim is renewed, so a long video is never handed to a second worker. A shutdown kills ffmpeg and puts
 * the item back as it was (the attempt does not count); a newer video for the lesson stops it early.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MINUTE } from '@platform/service-kit/clock';
import { defineWorkQueue, exponentialBackoff, type Backoff } from '@platform/service-kit/jobs';
import type { Logger } from '@platform/service-kit/logger';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { ObjectStore } from '@platform/service-kit/storage';
import { eq } from 'drizzle-orm';
import { mediaFileName } from '../catalogue/lesson-media.js';
import type { CourseConfig } from '../config.js';
import { courseLessons, lessonTranscodes, type LessonTranscodeRow } from '../db/schema.js';
import { courseMediaKey } from '../media/bundled-media.js';
import { deleteRenditionSet, hlsContentType, hlsFileKey } from './hls-files.js';
import { MASTER_PLAYLIST, POSTER_FILE } from './hls-renditions.js';
import { LESSON_TRANSCODE_QUEUE } from './queue-transcode.js';
import { transcodeToHls, type TranscodeOptions } from './transcode-to-hls.js';
import {
  listOlderDoneTranscodes,
  recordTranscodeProgress,
  recordTranscodeResult,
  releaseTranscode,
} from './transcodes.repository.js';

/** A minute after the first failure, twice as long after each further one, at most half an hour. */
export const transcodeBackoff: Backoff = exponentialBackoff({ firstMs: MINUTE, maxMs: 30 * MINUTE });
export const TRANSCODE_MAX_ATTEMPTS = 3;
/** Renewed every quarter of it while the item is worked on. */
export const TRANSCODE_LEASE_MS = 10 * MINUTE;
/** Progress is written at most this often (real time: it only spares the database). */
const PROGRESS_EVERY_MS = 1_000;

export interface LessonTranscodeQueueOptions {
  /** Each ffmpeg child once spawned (the benchmark samples its memory). */
  onSpawn?: TranscodeOptions['onSpawn'];
}

/** Why a transcode stopped before it finished. */
class Interrupted extends Error {
  constructor(readonly why: 'shutdown' | 'superseded') {
    super(why === 'shutdown' ? 'stopped by the service shutting down' : 'a newer video replaced it');
    this.name = 'Interrupted';
  }
}

async function download(store: ObjectStore, key: string, file: string, signal: AbortSignal): Promise<void> {
  const { body } = await store.get(key);
  await pipeline(body, createWriteStream(file), { signal });
}

async function upload(
  store: ObjectStore,
  item: LessonTranscodeRow,
  outDir: string,
  files: string[],
): Promise<string[]> {
  const keys: string[] = [];
  // One at a time, the master playlist last: a set is only playable once everything it names is there.
  for (const file of files) {
    const local = path.join(outDir, ...file.split('/'));
    const key = hlsFileKey(item.lessonId, item.id, file);
    const { size } = await stat(local);
    await store.put(key, createReadStream(local), { contentType: hlsContentType(file), size });
    keys.push(key);
  }
  return keys;
}

async function lessonStillShows(deps: ServiceDeps<CourseConfig>, item: LessonTranscodeRow): Promise<boolean> {
  const [lesson] = await deps.db
    .select({ videoUrl: courseLessons.videoUrl })
    .from(courseLessons)
    .where(eq(courseLessons.id, item.lessonId));
  return !!lesson && mediaFileName(lesson.videoUrl) === mediaFileName(item.sourceFile);
}

/** Removes the lesson's older rendition sets once a newer one took over (best effort: logged, not thrown). */
async function removeOlderSets(
  deps: ServiceDeps<CourseConfig>,
  store: ObjectStore,
  item: LessonTranscodeRow,
  logger: Logger,
): Promise<void> {
  try {
    for (const older of await listOlderDoneTranscodes(deps.db, item)) {
      await deleteRenditionSet(store, older.lessonId, older.id);
    }
  } catch (error) {
    logger.warn({ err: error, lessonId: item.lessonId }, 'could not remove older rendition sets');
  }
}

export async function transcodeLesson(
  deps: ServiceDeps<CourseConfig>,
  item: LessonTranscodeRow,
  context: { logger: Logger; signal: AbortSignal },
  options: LessonTranscodeQueueOptions = {},
): Promise<Partial<typeof lessonTranscodes.$inferInsert>> {
  const { logger } = context;
  const store = deps.store;
  if (!store) throw new Error('the course service has no object store');
  const finishedAt = () => deps.clock.now();
  if (!(await lessonStillShows(deps, item))) {
    logger.info({ lessonId: item.lessonId }, 'the lesson no longer shows this video: not transcoded');
    return { status: 'superseded', finishedAt: finishedAt() };
  }
  const source = mediaFileName(item.sourceFile);
  if (!source) throw new Error(`"${item.sourceFile}" names no stored file`);

  const stop = new AbortController();
  const onShutdown = () => stop.abort(new Interrupted('shutdown'));
  if (context.signal.aborted) onShutdown();
  context.signal.addEventListener('abort', onShutdown, { once: true });
  const superseded = () => stop.abort(new Interrupted('superseded'));

  // Progress writes one after the other, never more than one waiting; each renews the claim.
  let writing: Promise<unknown> = Promise.resolve();
  let lastWrite = 0;
  let lastPercent = -1;
  const write = (progress?: number) => {
    writing = writing
      .then(() => recordTranscodeProgress(deps.db, item, { progress, leaseMs: TRANSCODE_LEASE_MS }))
      .then((ours) => {
        if (!ours) superseded();
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'could not record transcoding progress'));
  };
  const onProgress = (percent: number) => {
    const at = Date.now();
    if (percent === lastPercent || at - lastWrite < PROGRESS_EVERY_MS) return;
    lastWrite = at;
    lastPercent = percent;
    write(percent);
  };
  const renew = setInterval(() => write(), TRANSCODE_LEASE_MS / 4);
  renew.unref();

  const workDir = path.join(deps.config.DATA_DIR, 'transcoding', item.id);
  const outDir = path.join(workDir, 'out');
  let uploaded: string[] = [];
  try {
    await rm(workDir, { recursive: true, force: true });
    await mkdir(outDir, { recursive: true });
    const input = path.join(workDir, `source${path.extname(source).toLowerCase() || '.mp4'}`);
    await download(store, courseMediaKey(source), input, stop.signal);
    const output = await transcodeToHls({
      input,
      outDir,
      signal: stop.signal,
      onProgress,
      onSpawn: options.onSpawn,
    });
    stop.signal.throwIfAborted();
    uploaded = await upload(store, item, outDir, output.files);
    await writing;
    stop.signal.throwIfAborted();
    const recorded = await recordTranscodeResult(deps.db, item, {
      hlsKey: hlsFileKey(item.lessonId, item.id, MASTER_PLAYLIST),
      posterKey: hlsFileKey(item.lessonId, item.id, POSTER_FILE),
      durationMinutes: Math.round(output.probe.durationSeconds) / 60,
    });
    if (!recorded) throw new Interrupted('superseded');
    logger.info(
      {
        lessonId: item.lessonId,
        seconds: output.probe.durationSeconds,
        renditions: output.renditions.map((rendition) => rendition.name),
      },
      'lesson video transcoded',
    );
    await removeOlderSets(deps, store, item, logger);
    return { status: 'done', progress: 100, finishedAt: finishedAt() };
  } catch (error) {
    const why = error instanceof Interrupted ? error : stop.signal.reason;
    if (why instanceof Interrupted) {
      for (const key of uploaded) await store.delete(key).catch(() => undefined);
      if (why.why === 'superseded') {
        logger.info({ lessonId: item.lessonId }, 'transcoding stopped: a newer video replaced it');
        return { status: 'superseded', finishedAt: finishedAt() };
      }
      await releaseTranscode(deps.db, item, deps.clock.now());
      logger.info(
        { lessonId: item.lessonId },
        'transcoding stopped by shutdown; it starts again at the next start',
      );
    }
    throw error;
  } finally {
    clearInterval(renew);
    context.signal.removeEventListener('abort', onShutdown);
    await writing;
    await rm(workDir, { recursive: true, force: true }).catch((error: unknown) =>
      logger.warn({ err: error, workDir }, 'could not remove a transcoding folder'),
    );
  }
}

export function lessonTranscodeQueue(
  deps: ServiceDeps<CourseConfig>,
  options: LessonTranscodeQueueOptions = {},
) {
  return defineWorkQueue({
    name: LESSON_TRANSCODE_QUEUE,
    table: lessonTranscodes,
    statuses: { ready: 'queued', failed: 'failed' },
    orderBy: [lessonTranscodes.createdAt],
    batchSize: 1,
    maxAttempts: TRANSCODE_MAX_ATTEMPTS,
    backoff: transcodeBackoff,
    leaseMs: TRANSCODE_LEASE_MS,
    handle: (item, { logger, signal }) => transcodeLesson(deps, item, { logger, signal }, options),
  });
}
