/**
 * Where a lesson's streams live: in the object store under `course-media/hls/<lesson>/<transcode id>/`
 * (one folder per transcode, so a newer video never mixes its segments with an older one's), and the
 * addresses the member's player asks for, under the lesson (`/api/lessons/<lesson>/hls/<transcode id>/…`),
 * where the lesson's access rule is checked for every playlist and segment (docs/decisions.md, 49).
 */
import type { ObjectStore } from '@platform/service-kit/storage';
import { COURSE_MEDIA_PREFIX } from '../media/bundled-media.js';
import { MASTER_PLAYLIST, parseVariantPlaylist, POSTER_FILE } from './hls-renditions.js';

export const HLS_PREFIX = `${COURSE_MEDIA_PREFIX}hls/`;

/** A rendition set's id is its transcode's (a UUID). */
const SET_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** `360p`, `720p`, `240p`… */
export const RENDITION_NAME = /^[1-9][0-9]{1,3}p$/;
/** What ffmpeg names files inside a set: the playlists, the segments, the poster. */
export const HLS_FILE_NAME = /^(master\.m3u8|index\.m3u8|poster\.jpg|seg-[0-9]{5,6}\.ts)$/;

export const isSetId = (value: string) => SET_ID.test(value);

export function hlsFolderKey(lessonId: number, setId: string): string {
  return `${HLS_PREFIX}${lessonId}/${setId}/`;
}

export function hlsFileKey(lessonId: number, setId: string, file: string): string {
  return `${hlsFolderKey(lessonId, setId)}${file}`;
}

/** The set a lesson's stored `hls_url` (or a poster under it) belongs to; null for anything else. */
export function hlsSetOf(lessonId: number, key: string | null): string | null {
  if (!key?.startsWith(`${HLS_PREFIX}${lessonId}/`)) return null;
  const setId = key.slice(`${HLS_PREFIX}${lessonId}/`.length).split('/')[0] ?? '';
  return isSetId(setId) ? setId : null;
}

/** The set a stored key belongs to, as `<lesson>/<set id>`, or null for a key outside every set. */
export function renditionSetOfKey(key: string): string | null {
  if (!key.startsWith(HLS_PREFIX)) return null;
  const [lessonId, setId, file] = key.slice(HLS_PREFIX.length).split('/');
  return lessonId && /^[1-9][0-9]*$/.test(lessonId) && setId && isSetId(setId) && file
    ? `${lessonId}/${setId}`
    : null;
}

export const LESSON_API_PATH = '/api/lessons/';

/** The member-side address of a lesson's master playlist, or null while it has none. */
export function memberHlsUrl(lesson: { id: number; hlsUrl: string | null }): string | null {
  const setId = hlsSetOf(lesson.id, lesson.hlsUrl);
  return setId ? `${LESSON_API_PATH}${lesson.id}/hls/${setId}/${MASTER_PLAYLIST}` : null;
}

/**
 * The member-side address of a lesson's poster (a transcode's frame or a shipped picture), or null while
 * it has none. The address names the poster's file, so a new poster is a new address for the browser.
 */
export function memberPosterUrl(lesson: { id: number; posterUrl: string | null }): string | null {
  if (!lesson.posterUrl?.startsWith(COURSE_MEDIA_PREFIX)) return null;
  const setId = hlsSetOf(lesson.id, lesson.posterUrl);
  const version = setId ?? lesson.posterUrl.slice(COURSE_MEDIA_PREFIX.length);
  return `${LESSON_API_PATH}${lesson.id}/poster?v=${encodeURIComponent(version)}`;
}

const HLS_CONTENT_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  jpg: 'image/jpeg',
};

export function hlsContentType(file: string): string {
  return HLS_CONTENT_TYPES[file.slice(file.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

async function readText(store: ObjectStore, key: string): Promise<string | null> {
  if (!(await store.stat(key))) return null;
  const { body } = await store.get(key);
  let text = '';
  // Playlists are a few kilobytes.
  for await (const chunk of body) text += chunk.toString();
  return text;
}

/**
 * Removes a rendition set from the store, found through its playlists (the store cannot list folders):
 * segments, variant playlists, poster, and the master playlist last, so a half-removed set can be
 * removed again.
 */
export async function deleteRenditionSet(
  store: ObjectStore,
  lessonId: number,
  setId: string,
): Promise<number> {
  const masterKey = hlsFileKey(lessonId, setId, MASTER_PLAYLIST);
  const master = await readText(store, masterKey);
  if (master === null) return 0;
  const keys: string[] = [];
  for (const { uri } of parseVariantPlaylist(master).segments) {
    const [rendition, file] = uri.split('/');
    if (!rendition || !file || !RENDITION_NAME.test(rendition) || !HLS_FILE_NAME.test(file)) continue;
    const variantKey = hlsFileKey(lessonId, setId, `${rendition}/${file}`);
    const variant = await readText(store, variantKey);
    for (const segment of variant ? parseVariantPlaylist(variant).segments : []) {
      if (HLS_FILE_NAME.test(segment.uri))
        keys.push(hlsFileKey(lessonId, setId, `${rendition}/${segment.uri}`));
    }
    keys.push(variantKey);
  }
  keys.push(hlsFileKey(lessonId, setId, POSTER_FILE), masterKey);
  for (const key of keys) await store.delete(key);
  return keys.length;
}
