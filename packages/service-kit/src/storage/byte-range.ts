/** Checking and clamping the byte ranges both object stores serve (`ObjectStore.get`). */
import { RangeNotSatisfiableError, type ByteRange } from './types.js';

/** Refuses, with a RangeError, a range that is not one: a negative or fractional offset is a caller's bug. */
export function assertWellFormedRange(range: ByteRange): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || start < 0 || (end !== undefined && !Number.isSafeInteger(end))) {
    throw new RangeError(`Invalid byte range ${JSON.stringify(range)}`);
  }
}

/** The bytes a range asks of an object of `size` bytes, inclusive, with `end` clamped to the last byte. */
export function clampRange(range: ByteRange, size: number): { start: number; end: number } {
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

/** Resolves an inclusive byte range against the object size, clamping `end`. */
export function resolveRange(range: ByteRange, size: number): { start: number; end: number } {
  assertWellFormedRange(range);
  const { start, end } = range;
  if (start >= size || (end !== undefined && end < start)) throw new RangeNotSatisfiableError(size);
  return clampRange(range, size);
}
