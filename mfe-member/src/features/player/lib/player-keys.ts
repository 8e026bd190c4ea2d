/**
 * The player's keyboard map while it has focus (the common web-player keys): Space/K play-pause, J/L or
 * ←/→ ±10 s, ↑/↓ volume, M mute, F fullscreen, C captions, < / > speed.
 */

export type PlayerKeyAction =
  | { type: 'toggle-play' }
  | { type: 'seek'; bySeconds: number }
  | { type: 'volume'; by: number }
  | { type: 'toggle-mute' }
  | { type: 'toggle-fullscreen' }
  | { type: 'toggle-captions' }
  | { type: 'speed'; step: 1 | -1 };

export const SEEK_STEP_SECONDS = 10;
export const VOLUME_STEP = 0.1;

export interface PlayerKeyEvent {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  /** The focused element's tag (`BUTTON`, `SELECT`, `VIDEO`…): its own keys are left alone. */
  targetTagName?: string;
}

/** Controls that answer Space, Enter and the arrows themselves. */
const OWN_KEY_TAGS = new Set(['BUTTON', 'SELECT', 'INPUT', 'TEXTAREA', 'A', 'OPTION']);

/** The action for a key press, or null when the player leaves the key to the browser. */
export function getPlayerKeyAction(event: PlayerKeyEvent): PlayerKeyAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const tag = event.targetTagName?.toUpperCase();
  if (tag && OWN_KEY_TAGS.has(tag)) return null;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  switch (key) {
    case ' ':
    case 'Spacebar':
    case 'k':
      return { type: 'toggle-play' };
    case 'j':
    case 'ArrowLeft':
      return { type: 'seek', bySeconds: -SEEK_STEP_SECONDS };
    case 'l':
    case 'ArrowRight':
      return { type: 'seek', bySeconds: SEEK_STEP_SECONDS };
    case 'ArrowUp':
      return { type: 'volume', by: VOLUME_STEP };
    case 'ArrowDown':
      return { type: 'volume', by: -VOLUME_STEP };
    case 'm':
      return { type: 'toggle-mute' };
    case 'f':
      return { type: 'toggle-fullscreen' };
    case 'c':
      return { type: 'toggle-captions' };
    case '<':
      return { type: 'speed', step: -1 };
    case '>':
      return { type: 'speed', step: 1 };
    default:
      return null;
  }
}

/** A new time within the video: never before 0 nor past its end (when the end is known). */
export function clampTime(time: number, duration: number): number {
  const upper = Number.isFinite(duration) && duration > 0 ? duration : Number.POSITIVE_INFINITY;
  return Math.min(Math.max(0, time), upper);
}

/** A new volume within 0..1, rounded to a tenth so repeated steps land on even values. */
export function clampVolume(volume: number): number {
  return Math.round(Math.min(1, Math.max(0, volume)) * 10) / 10;
}
