/**
 * When the player saves its resume point (`PUT /api/lessons/:id/progress`): at most every
 * SAVE_INTERVAL_MS while playing, and at once on pause, after a seek and when the page is left; never the
 * same whole second twice in a row. Pure (a clock and a save function are given), so it is unit-tested.
 */

export const SAVE_INTERVAL_MS = 5000;

export interface SaveOptions {
  /** Leaving the page: the request must outlive it (`apiRequest(..., { keepalive: true })`). */
  keepalive: boolean;
}

export interface PositionSaverOptions {
  save: (positionSeconds: number, options: SaveOptions) => void;
  now?: () => number;
  intervalMs?: number;
  /** The position already stored on the server (the lesson's `positionSeconds`). */
  initialSeconds?: number;
}

export interface PositionSaver {
  /** While playing (the video's `timeupdate`): saves when the interval has passed. */
  onProgress(positionSeconds: number): void;
  /** Pause, seek end, leaving: saves now unless the server already has this second. */
  flush(positionSeconds: number, options?: SaveOptions): void;
  /** The last whole second sent. */
  lastSavedSeconds(): number;
}

/** Whole, non-negative seconds; anything not a finite number reads as 0. */
export function toWholeSeconds(positionSeconds: number): number {
  return Number.isFinite(positionSeconds) && positionSeconds > 0 ? Math.floor(positionSeconds) : 0;
}

export function createPositionSaver(options: PositionSaverOptions): PositionSaver {
  const now = options.now ?? (() => Date.now());
  const intervalMs = options.intervalMs ?? SAVE_INTERVAL_MS;
  let lastSaved = toWholeSeconds(options.initialSeconds ?? 0);
  let lastSaveAt = now();

  function send(positionSeconds: number, saveOptions: SaveOptions): void {
    const seconds = toWholeSeconds(positionSeconds);
    if (seconds === lastSaved) return;
    lastSaved = seconds;
    lastSaveAt = now();
    options.save(seconds, saveOptions);
  }

  return {
    onProgress(positionSeconds) {
      if (now() - lastSaveAt < intervalMs) return;
      send(positionSeconds, { keepalive: false });
    },
    flush(positionSeconds, saveOptions = { keepalive: false }) {
      send(positionSeconds, saveOptions);
    },
    lastSavedSeconds: () => lastSaved,
  };
}

/**
 * Where playback starts: the saved position, unless it is within the last few seconds (the member
 * finished; start again) or past the end.
 */
export function getResumeSeconds(savedSeconds: number, durationSeconds: number): number {
  const saved = toWholeSeconds(savedSeconds);
  if (saved === 0) return 0;
  if (Number.isFinite(durationSeconds) && durationSeconds > 0 && saved >= durationSeconds - 1) return 0;
  return saved;
}

/** '1:05' / '1:02:03' for the resume note. */
export function formatPlaybackTime(totalSeconds: number): string {
  const seconds = toWholeSeconds(totalSeconds);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
