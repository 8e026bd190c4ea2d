/**
 * The video-host links a lesson's `video_url` may be (docs/behaviour/member-learning.md#lesson-player), read
 * the same way by the course service and the member player: YouTube in its watch, shorts, embed, live or
 * youtu.be form, Vimeo as `vimeo.com/123` or `player.vimeo.com/video/123`.
 */

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,}$/;
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);
const VIMEO_ID = /^[0-9]{3,}$/;

export function parseHttpUrl(value: string): URL | null {
  if (!/^https?:\/\//i.test(value)) return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** The video id of a YouTube watch, shorts, embed, live or youtu.be link; null for anything else. */
export function youTubeVideoId(value: string): string | null {
  const url = parseHttpUrl(value.trim());
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  let id: string | null | undefined;
  if (host === 'youtu.be') {
    id = url.pathname.split('/')[1];
  } else if (YOUTUBE_HOSTS.has(host)) {
    const [, first, second] = url.pathname.split('/');
    if (first === 'watch') id = url.searchParams.get('v');
    else if (first === 'shorts' || first === 'embed' || first === 'live') id = second;
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

/** The video id of a `vimeo.com/123` or `player.vimeo.com/video/123` link; null for anything else. */
export function vimeoVideoId(value: string): string | null {
  const url = parseHttpUrl(value.trim());
  if (!url || !VIMEO_HOSTS.has(url.hostname.toLowerCase())) return null;
  const parts = url.pathname.split('/').filter(Boolean);
  const id = parts[0] === 'video' ? parts[1] : parts[0];
  return id && VIMEO_ID.test(id) ? id : null;
}
