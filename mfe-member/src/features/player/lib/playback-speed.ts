/** The player's playback speeds, and the one the member chose last (remembered in this browser). */

export const PLAYBACK_SPEEDS = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;
export type PlaybackSpeed = (typeof PLAYBACK_SPEEDS)[number];
export const PLAYBACK_SPEED_STORAGE_KEY = 'player_playback_speed';

export function isPlaybackSpeed(value: number): value is PlaybackSpeed {
  return (PLAYBACK_SPEEDS as readonly number[]).includes(value);
}

/** The stored speed, or 1 when nothing (or something unexpected) is stored or storage is blocked. */
export function readPlaybackSpeed(storage: Pick<Storage, 'getItem'> | undefined): PlaybackSpeed {
  try {
    const value = Number(storage?.getItem(PLAYBACK_SPEED_STORAGE_KEY));
    return isPlaybackSpeed(value) ? value : 1;
  } catch {
    return 1;
  }
}

export function writePlaybackSpeed(
  storage: Pick<Storage, 'setItem'> | undefined,
  speed: PlaybackSpeed,
): void {
  try {
    storage?.setItem(PLAYBACK_SPEED_STORAGE_KEY, String(speed));
  } catch {
    // Private mode or a full quota: the speed still applies to this page.
  }
}

/** The next faster (step 1) or slower (step -1) speed, staying at the ends of the list. */
export function stepPlaybackSpeed(current: number, step: 1 | -1): PlaybackSpeed {
  const index = PLAYBACK_SPEEDS.findIndex((speed) => speed >= current);
  const from = index === -1 ? PLAYBACK_SPEEDS.length - 1 : index;
  const next = Math.min(PLAYBACK_SPEEDS.length - 1, Math.max(0, from + step));
  return PLAYBACK_SPEEDS[next]!;
}

/** '1.25×' for the menu and announcements. */
export function formatPlaybackSpeed(speed: number): string {
  return `${speed}×`;
}
