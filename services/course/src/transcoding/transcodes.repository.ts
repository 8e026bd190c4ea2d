/**
 * Queries on `course.lesson_transcodes` beyond the kit's claims and outcomes: progress and the claim's
 * renewal while ffmpeg runs, putting an item back at shutdown, recording a finished transcode on its
 * lesson, and the state the studio shows.
 */
import type { StudioTranscode } from '@platform/contracts';
import { findRow, type Database, type Executor } from '@platform/service-kit/db';
import { and, desc, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { bumpCatalogueVersion } from '../catalogue/catalogue-version.js';
import { mediaFileName } from '../catalogue/lesson-media.js';
import { courseLessons, lessonTranscodes, type LessonTranscodeRow } from '../db/schema.js';
import { hlsSetOf } from './hls-files.js';

/** The item as its worker claimed it: still queued, and no other worker's attempt since. */
function stillClaimed(item: Pick<LessonTranscodeRow, 'id' | 'attempts'>) {
  return and(
    eq(lessonTranscodes.id, item.id),
    eq(lessonTranscodes.status, 'queued'),
    eq(lessonTranscodes.attempts, item.attempts),
  );
}

/**
 * Records progress and renews the claim's lease (database time, as the kit's claims); false when the
 * item is no longer this worker's (superseded by a newer video, or its claim taken over).
 */
export async function recordTranscodeProgress(
  db: Executor,
  item: Pick<LessonTranscodeRow, 'id' | 'attempts'>,
  update: { progress?: number; leaseMs: number },
): Promise<boolean> {
  const rows = await db
    .update(lessonTranscodes)
    .set({
      ...(update.progress !== undefined && { progress: update.progress }),
      lockedUntil: sql`now() + ${Math.round(update.leaseMs)}::integer * interval '1 millisecond'`,
    })
    .where(stillClaimed(item))
    .returning({ id: lessonTranscodes.id });
  return rows.length > 0;
}

/**
 * Puts an item interrupted by a shutdown back as it was before its claim (the attempt does not count,
 * due at once), so the next start picks it up again.
 */
export async function releaseTranscode(
  db: Executor,
  item: Pick<LessonTranscodeRow, 'id' | 'attempts'>,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(lessonTranscodes)
    .set({
      attempts: sql`${lessonTranscodes.attempts} - 1`,
      lockedUntil: null,
      nextAttemptAt: now,
      progress: 0,
    })
    .where(stillClaimed(item))
    .returning({ id: lessonTranscodes.id });
  return rows.length > 0;
}

export interface TranscodeResult {
  hlsKey: string;
  posterKey: string;
  /** Minutes (the lesson's unit), from the probed seconds. */
  durationMinutes: number;
}

/**
 * Gives the lesson its streams, poster and real duration, in one transaction and only while the item is
 * still the lesson's latest (queued and claimed by this worker) and the lesson still shows the video it
 * was made from; answers false otherwise (a newer video replaced it meanwhile: nothing changes).
 */
export async function recordTranscodeResult(
  db: Database,
  item: Pick<LessonTranscodeRow, 'id' | 'attempts' | 'lessonId' | 'sourceFile'>,
  result: TranscodeResult,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Locked in the order queueLessonTranscode takes them (lesson, then item), so the two never deadlock.
    const [lesson] = await tx
      .select({ id: courseLessons.id, videoUrl: courseLessons.videoUrl })
      .from(courseLessons)
      .where(eq(courseLessons.id, item.lessonId))
      .for('update');
    const [current] = await tx
      .select({ id: lessonTranscodes.id })
      .from(lessonTranscodes)
      .where(stillClaimed(item))
      .for('update');
    if (!lesson || !current) return false;
    if (mediaFileName(lesson.videoUrl) !== mediaFileName(item.sourceFile)) return false;
    await tx
      .update(courseLessons)
      .set({ hlsUrl: result.hlsKey, posterUrl: result.posterKey, duration: result.durationMinutes })
      .where(eq(courseLessons.id, item.lessonId));
    // The course page shows the lesson's duration: its validators must follow.
    await bumpCatalogueVersion(tx);
    return true;
  });
}

/** The lesson's earlier finished transcodes (their files may be removed once a newer one took over). */
export async function listOlderDoneTranscodes(
  db: Executor,
  item: Pick<LessonTranscodeRow, 'id' | 'lessonId'>,
): Promise<Pick<LessonTranscodeRow, 'id' | 'lessonId'>[]> {
  return db
    .select({ id: lessonTranscodes.id, lessonId: lessonTranscodes.lessonId })
    .from(lessonTranscodes)
    .where(
      and(
        eq(lessonTranscodes.lessonId, item.lessonId),
        eq(lessonTranscodes.status, 'done'),
        ne(lessonTranscodes.id, item.id),
      ),
    );
}

/**
 * The rendition sets in use, as `<lesson>/<set id>`: every queued item's (it may be writing its files, or
 * be about to give them to its lesson) and every lesson's current streams and poster. Queued items are
 * read first: a set only becomes a lesson's while its item is queued, so one not queued then and not a
 * lesson's in the later read never will be.
 */
export async function listLiveRenditionSets(db: Executor): Promise<Set<string>> {
  const queued = await db
    .select({ id: lessonTranscodes.id, lessonId: lessonTranscodes.lessonId })
    .from(lessonTranscodes)
    .where(eq(lessonTranscodes.status, 'queued'));
  const lessons = await db
    .select({ id: courseLessons.id, hlsUrl: courseLessons.hlsUrl, posterUrl: courseLessons.posterUrl })
    .from(courseLessons)
    .where(or(isNotNull(courseLessons.hlsUrl), isNotNull(courseLessons.posterUrl)));
  const live = new Set(queued.map((item) => `${item.lessonId}/${item.id}`));
  for (const lesson of lessons) {
    for (const key of [lesson.hlsUrl, lesson.posterUrl]) {
      const setId = hlsSetOf(lesson.id, key);
      if (setId) live.add(`${lesson.id}/${setId}`);
    }
  }
  return live;
}

export async function findTranscode(db: Executor, id: string): Promise<LessonTranscodeRow | null> {
  return findRow(db, lessonTranscodes, eq(lessonTranscodes.id, id));
}

/** The newest transcoding of each lesson that a newer video has not superseded. */
export async function listLatestTranscodes(
  db: Executor,
  lessonIds: number[],
): Promise<Map<number, LessonTranscodeRow>> {
  if (lessonIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([lessonTranscodes.lessonId])
    .from(lessonTranscodes)
    .where(and(inArray(lessonTranscodes.lessonId, lessonIds), ne(lessonTranscodes.status, 'superseded')))
    .orderBy(lessonTranscodes.lessonId, desc(lessonTranscodes.createdAt), desc(lessonTranscodes.id));
  return new Map(rows.map((row) => [row.lessonId, row]));
}

/**
 * The studio's view of each lesson's newest transcode (superseded ones are history), with the last
 * attempt's error while it waits for a retry or once it failed for good.
 */
export async function listTranscodeStates(
  db: Executor,
  lessonIds: number[],
): Promise<Map<number, StudioTranscode>> {
  const latest = await listLatestTranscodes(db, lessonIds);
  return new Map([...latest].map(([lessonId, row]) => [lessonId, toTranscodeState(row)]));
}

/** Progress counts while a worker holds the item; 100 once done. */
export function toTranscodeState(row: LessonTranscodeRow): StudioTranscode {
  return {
    status: row.status,
    progress: row.status === 'done' ? 100 : row.progress,
    error: row.status === 'done' ? null : row.lastError,
  };
}
