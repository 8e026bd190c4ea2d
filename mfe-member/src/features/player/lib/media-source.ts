/**
 * What the player shows for a lesson's `videoUrl` (docs/behaviour/member-learning.md#lesson-player): an embed
 * for recognised video-host links (YouTube, Vimeo), a native <video> for stored or linked mp4/webm/mov files,
 * a 'Document Resource' download card for pdf/doc/docx, and a plain link for any other address (it is never
 * put into a <video> or an <iframe> it was not recognised for).
 */

// The subpath keeps zod and the schemas out of the member bundle.
import { parseHttpUrl, vimeoVideoId, youTubeVideoId } from '@platform/contracts/video-links';

export type LessonMedia =
  | { type: 'video'; src: string }
  | { type: 'embed'; host: 'youtube' | 'vimeo'; embedUrl: string }
  | { type: 'document'; href: string; fileName: string }
  | { type: 'link'; href: string };

const VIDEO_FILE = /\.(mp4|webm|mov)$/i;
const DOCUMENT_FILE = /\.(pdf|docx?)$/i;

/** The path of an address without its query and fragment (`/api/video-stream/a.mp4?x=1` → `/api/video-stream/a.mp4`). */
function pathOf(value: string): string {
  const url = parseHttpUrl(value);
  return decodeURIComponent((url ? url.pathname : value).split(/[?#]/)[0] ?? '');
}

/** The embed address, starting at `startSeconds` (the resume point) when it is above 0. */
function embedUrlFor(host: 'youtube' | 'vimeo', id: string, startSeconds: number): string {
  const start = Math.max(0, Math.floor(startSeconds));
  if (host === 'youtube') {
    return `https://www.youtube-nocookie.com/embed/${id}?rel=0&playsinline=1${start > 0 ? `&start=${start}` : ''}`;
  }
  return `https://player.vimeo.com/video/${id}?dnt=1${start > 0 ? `#t=${start}s` : ''}`;
}

/**
 * Decides how to show a lesson's media. `videoUrl` is the member-side address (`/api/video-stream/<file>`
 * for a stored file, a link as stored); null or blank → null (nothing to show).
 */
export function getLessonMedia(videoUrl: string | null | undefined, startSeconds = 0): LessonMedia | null {
  const value = videoUrl?.trim();
  if (!value) return null;
  const youTubeId = youTubeVideoId(value);
  if (youTubeId)
    return { type: 'embed', host: 'youtube', embedUrl: embedUrlFor('youtube', youTubeId, startSeconds) };
  const vimeoId = vimeoVideoId(value);
  if (vimeoId) return { type: 'embed', host: 'vimeo', embedUrl: embedUrlFor('vimeo', vimeoId, startSeconds) };

  const absolute = parseHttpUrl(value);
  // Only our own paths or http(s) links: never `javascript:` or `data:` addresses.
  if (!absolute && !value.startsWith('/')) return null;
  const path = pathOf(value);
  if (DOCUMENT_FILE.test(path)) {
    return { type: 'document', href: value, fileName: path.split('/').pop() ?? path };
  }
  if (VIDEO_FILE.test(path)) return { type: 'video', src: value };
  // A stored file on our own stream with an unusual name is still a lesson video; a foreign page is a link.
  return absolute ? { type: 'link', href: value } : { type: 'video', src: value };
}

/**
 * Which player a lesson gets: a new lesson, or the same lesson with another video or captions (the studio
 * changed them), is a new player, so the `<video>` and its captions track never keep the old files.
 */
export function getPlayerKey(lesson: {
  id: number;
  videoUrl: string | null;
  captionsUrl?: string | null;
}): string {
  return JSON.stringify([lesson.id, lesson.videoUrl, lesson.captionsUrl ?? null]);
}
