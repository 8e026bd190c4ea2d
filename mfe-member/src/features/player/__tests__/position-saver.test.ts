import { describe, expect, it } from '@jest/globals';
import {
  SAVE_INTERVAL_MS,
  createPositionSaver,
  formatPlaybackTime,
  getResumeSeconds,
} from '../lib/position-saver';

function setUp(initialSeconds = 0) {
  let clock = 1_000_000;
  const saved: Array<{ seconds: number; keepalive: boolean }> = [];
  const saver = createPositionSaver({
    initialSeconds,
    now: () => clock,
    save: (seconds, options) => saved.push({ seconds, keepalive: options.keepalive }),
  });
  return { saver, saved, advance: (ms: number) => (clock += ms) };
}

describe('position saving', () => {
  it('saves at most every 5 s while playing', () => {
    const { saver, saved, advance } = setUp();
    saver.onProgress(0.4);
    advance(1000);
    saver.onProgress(1.4);
    expect(saved).toEqual([]);
    advance(SAVE_INTERVAL_MS - 1000);
    saver.onProgress(5.4);
    expect(saved).toEqual([{ seconds: 5, keepalive: false }]);
    advance(250);
    saver.onProgress(5.6);
    advance(4000);
    saver.onProgress(9.6);
    expect(saved).toHaveLength(1);
    advance(750);
    saver.onProgress(10.4);
    expect(saved.at(-1)).toEqual({ seconds: 10, keepalive: false });
  });

  it('saves at once on pause, seek and leaving, with keepalive when leaving', () => {
    const { saver, saved } = setUp();
    saver.flush(3.9);
    saver.flush(33.2);
    saver.flush(40.1, { keepalive: true });
    expect(saved).toEqual([
      { seconds: 3, keepalive: false },
      { seconds: 33, keepalive: false },
      { seconds: 40, keepalive: true },
    ]);
  });

  it('never sends the second the server already has', () => {
    const { saver, saved, advance } = setUp(12);
    saver.flush(12.8);
    advance(10_000);
    saver.onProgress(12.2);
    expect(saved).toEqual([]);
    saver.flush(Number.NaN);
    expect(saved).toEqual([{ seconds: 0, keepalive: false }]);
    expect(saver.lastSavedSeconds()).toBe(0);
  });
});

describe('resume point', () => {
  it('starts at the saved second, or from the start when the video was finished', () => {
    expect(getResumeSeconds(0, 12)).toBe(0);
    expect(getResumeSeconds(5.8, 12)).toBe(5);
    expect(getResumeSeconds(11, 12)).toBe(0);
    expect(getResumeSeconds(40, 12)).toBe(0);
    expect(getResumeSeconds(40, Number.NaN)).toBe(40);
  });

  it('formats times as m:ss or h:mm:ss', () => {
    expect(formatPlaybackTime(5)).toBe('0:05');
    expect(formatPlaybackTime(65.9)).toBe('1:05');
    expect(formatPlaybackTime(3723)).toBe('1:02:03');
  });
});
