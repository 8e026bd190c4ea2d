/** A lesson's <video> in browser specs: the parts of the element the checks read, and playing it. */
import { expect } from '@playwright/test';
import type { Locator } from '@playwright/test';

/** The parts of an HTMLVideoElement the checks use (this project compiles without the DOM types). */
export type VideoElement = {
  currentTime: number;
  paused: boolean;
  muted: boolean;
  poster: string;
  currentSrc: string;
  textTracks: ArrayLike<{ mode: string }>;
  addEventListener(type: string, listener: () => void, options?: { capture: boolean }): void;
  play(): Promise<void>;
  pause(): void;
};

/** The video's playback position, in seconds. */
export function currentTime(video: Locator): Promise<number> {
  return video.evaluate((node) => (node as unknown as VideoElement).currentTime);
}

/** Plays (muted, so no autoplay rule stands in the way) until the position passes `seconds`. */
export async function playPast(video: Locator, seconds: number): Promise<void> {
  await video.evaluate((node) => {
    const element = node as unknown as VideoElement;
    element.muted = true;
    void element.play();
  });
  await expect.poll(() => currentTime(video), { timeout: 30_000 }).toBeGreaterThan(seconds);
}
