import { describe, expect, it } from '@jest/globals';
import { clampTime, clampVolume, getPlayerKeyAction } from '../lib/player-keys';
import {
  PLAYBACK_SPEED_STORAGE_KEY,
  readPlaybackSpeed,
  stepPlaybackSpeed,
  writePlaybackSpeed,
} from '../lib/playback-speed';

describe('player keys', () => {
  it('maps the usual player keys', () => {
    expect(getPlayerKeyAction({ key: ' ' })).toEqual({ type: 'toggle-play' });
    expect(getPlayerKeyAction({ key: 'k' })).toEqual({ type: 'toggle-play' });
    expect(getPlayerKeyAction({ key: 'K' })).toEqual({ type: 'toggle-play' });
    expect(getPlayerKeyAction({ key: 'j' })).toEqual({ type: 'seek', bySeconds: -10 });
    expect(getPlayerKeyAction({ key: 'ArrowLeft' })).toEqual({ type: 'seek', bySeconds: -10 });
    expect(getPlayerKeyAction({ key: 'l' })).toEqual({ type: 'seek', bySeconds: 10 });
    expect(getPlayerKeyAction({ key: 'ArrowRight' })).toEqual({ type: 'seek', bySeconds: 10 });
    expect(getPlayerKeyAction({ key: 'ArrowUp' })).toEqual({ type: 'volume', by: 0.1 });
    expect(getPlayerKeyAction({ key: 'ArrowDown' })).toEqual({ type: 'volume', by: -0.1 });
    expect(getPlayerKeyAction({ key: 'm' })).toEqual({ type: 'toggle-mute' });
    expect(getPlayerKeyAction({ key: 'f' })).toEqual({ type: 'toggle-fullscreen' });
    expect(getPlayerKeyAction({ key: 'c' })).toEqual({ type: 'toggle-captions' });
    expect(getPlayerKeyAction({ key: '<' })).toEqual({ type: 'speed', step: -1 });
    expect(getPlayerKeyAction({ key: '>' })).toEqual({ type: 'speed', step: 1 });
  });

  it('leaves browser shortcuts, other keys and the controls’ own keys alone', () => {
    expect(getPlayerKeyAction({ key: 'f', ctrlKey: true })).toBeNull();
    expect(getPlayerKeyAction({ key: 'l', metaKey: true })).toBeNull();
    expect(getPlayerKeyAction({ key: 'ArrowLeft', altKey: true })).toBeNull();
    expect(getPlayerKeyAction({ key: 'Tab' })).toBeNull();
    expect(getPlayerKeyAction({ key: 'x' })).toBeNull();
    expect(getPlayerKeyAction({ key: ' ', targetTagName: 'BUTTON' })).toBeNull();
    expect(getPlayerKeyAction({ key: 'ArrowDown', targetTagName: 'select' })).toBeNull();
    expect(getPlayerKeyAction({ key: 'k', targetTagName: 'VIDEO' })).toEqual({ type: 'toggle-play' });
  });

  it('keeps seeks inside the video and volume between 0 and 1', () => {
    expect(clampTime(-4, 12)).toBe(0);
    expect(clampTime(17, 12)).toBe(12);
    expect(clampTime(17, Number.NaN)).toBe(17);
    expect(clampVolume(1.05)).toBe(1);
    expect(clampVolume(-0.1)).toBe(0);
    expect(clampVolume(0.7 + 0.1)).toBe(0.8);
  });
});

describe('playback speed', () => {
  it('steps through 0.75, 1, 1.25, 1.5, 1.75, 2 and stops at the ends', () => {
    expect(stepPlaybackSpeed(1, 1)).toBe(1.25);
    expect(stepPlaybackSpeed(1.75, 1)).toBe(2);
    expect(stepPlaybackSpeed(2, 1)).toBe(2);
    expect(stepPlaybackSpeed(1, -1)).toBe(0.75);
    expect(stepPlaybackSpeed(0.75, -1)).toBe(0.75);
  });

  it('is remembered in storage, and anything odd there reads as normal speed', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    };
    expect(readPlaybackSpeed(storage)).toBe(1);
    writePlaybackSpeed(storage, 1.5);
    expect(store.get(PLAYBACK_SPEED_STORAGE_KEY)).toBe('1.5');
    expect(readPlaybackSpeed(storage)).toBe(1.5);
    store.set(PLAYBACK_SPEED_STORAGE_KEY, '16');
    expect(readPlaybackSpeed(storage)).toBe(1);
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readPlaybackSpeed(blocked)).toBe(1);
  });
});
