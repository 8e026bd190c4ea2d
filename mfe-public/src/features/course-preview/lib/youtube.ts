/** Turns a YouTube link in any common form into the privacy-enhanced embed address, or null. */

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
// Paths whose second segment is the video id: /embed/<id>, /shorts/<id>, /live/<id>, /v/<id>.
const ID_PATH_PREFIXES = new Set(['embed', 'shorts', 'live', 'v']);

/** The 11-character video id of a watch, short (youtu.be, /shorts/) or embed link; null otherwise. */
export function getYouTubeVideoId(url: string | null | undefined): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;

  const host = parsed.hostname.toLowerCase();
  const segments = parsed.pathname.split('/').filter(Boolean);
  let id: string | null | undefined = null;

  if (host === 'youtu.be' || host === 'www.youtu.be') {
    id = segments[0];
  } else if (YOUTUBE_HOSTS.has(host)) {
    if (segments[0] === 'watch') id = parsed.searchParams.get('v');
    else if (segments[0] && ID_PATH_PREFIXES.has(segments[0])) id = segments[1];
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

export function toYouTubeEmbedUrl(url: string | null | undefined): string | null {
  const id = getYouTubeVideoId(url);
  return id ? `https://www.youtube-nocookie.com/embed/${id}?rel=0&modestbranding=1` : null;
}
