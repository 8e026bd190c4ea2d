import { describe, expect, it } from '@jest/globals';
import { DAY, SettableClock, systemClock } from '../clock.js';

describe('clock', () => {
  it('can be set and advanced by tests', () => {
    const clock = new SettableClock('2026-01-01T00:00:00Z');
    clock.advance(DAY + 90_000);
    expect(clock.now().toISOString()).toBe('2026-01-02T00:01:30.000Z');
    clock.set('2026-03-01T12:00:00Z');
    expect(clock.now().toISOString()).toBe('2026-03-01T12:00:00.000Z');
  });

  it('hands out copies, so callers cannot move time by mutating a Date', () => {
    const clock = new SettableClock('2026-01-01T00:00:00Z');
    clock.now().setFullYear(1999);
    expect(clock.now().getUTCFullYear()).toBe(2026);
  });

  it('system clock follows real time', () => {
    expect(Math.abs(systemClock.now().getTime() - Date.now())).toBeLessThan(1000);
  });
});
