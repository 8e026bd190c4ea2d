/**
 * How the player plays a lesson that has adaptive streams (docs/behaviour/member-learning.md#lesson-player):
 * the browser's own HLS where it has it (Safari, iOS, Android), hls.js over Media Source Extensions
 * elsewhere (loaded only then, as its own chunk), and the original MP4 when neither can, or when the
 * streams fail. Pure, so the rules are tested without a browser.
 */

export type PlaybackMode = 'pending' | 'hls-native' | 'hls-js' | 'mp4';

export const HLS_MIME_TYPE = 'application/vnd.apple.mpegurl';

/** One of our own protected paths (never a foreign address), else null. */
export function ownPath(value: string | null | undefined): string | null {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : null;
}

/** The first mode: nothing to decide without streams; otherwise wait for the element to ask the browser. */
export function initialPlaybackMode(hlsUrl: string | null): PlaybackMode {
  return hlsUrl ? 'pending' : 'mp4';
}

/** `canPlayType` answers '', 'maybe' or 'probably'. */
export function chooseStreamMode(canPlayType: (type: string) => string): PlaybackMode {
  return canPlayType(HLS_MIME_TYPE) !== '' ? 'hls-native' : 'hls-js';
}

/** What the <video> element's `src` is in each mode (hls.js attaches a media source of its own instead). */
export function videoSourceFor(
  mode: PlaybackMode,
  urls: { hlsUrl: string | null; mp4Url: string },
): string | undefined {
  if (mode === 'mp4') return urls.mp4Url;
  if (mode === 'hls-native') return urls.hlsUrl ?? urls.mp4Url;
  return undefined;
}

/** Where the MP4 continues after the streams failed mid-way: the same moment, playing if it was. */
export interface CarryOver {
  seconds: number;
  playing: boolean;
}
