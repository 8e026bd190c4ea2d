import { describe, expect, it } from '@jest/globals';
import { combinePercent, formatBytes, toPercent } from '../upload-progress';

describe('upload progress', () => {
  it('shows the whole percent of the bytes sent, never above 100', () => {
    expect(toPercent(0, 1000)).toBe(0);
    expect(toPercent(1, 3)).toBe(33);
    expect(toPercent(999, 1000)).toBe(99);
    expect(toPercent(1000, 1000)).toBe(100);
    expect(toPercent(1200, 1000)).toBe(100);
  });

  it('stays at 0 while the size is unknown', () => {
    expect(toPercent(500, 0)).toBe(0);
    expect(toPercent(Number.NaN, 100)).toBe(0);
    expect(toPercent(-5, 100)).toBe(0);
  });

  it('weights several uploads by their size', () => {
    expect(
      combinePercent([
        { loaded: 100, total: 100 },
        { loaded: 0, total: 300 },
      ]),
    ).toBe(25);
    expect(
      combinePercent([
        { loaded: 50, total: 100 },
        { loaded: 150, total: 300 },
      ]),
    ).toBe(50);
    expect(combinePercent([])).toBe(0);
  });

  it('writes sizes in Bytes, KB, MB or GB', () => {
    expect(formatBytes(0)).toBe('0 Bytes');
    expect(formatBytes(512)).toBe('512 Bytes');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(20 * 1024 * 1024)).toBe('20 MB');
    expect(formatBytes(2 * 1024 ** 3)).toBe('2 GB');
  });
});
