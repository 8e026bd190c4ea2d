/**
 * Longest files first, on a fresh clone too. Jest already starts the files that took longest last time
 * first, so no worker is left with a long file at the end while the others idle; but it keeps those times
 * in its cache, which a fresh clone (CI) does not have, and then orders by file size, which says little
 * (a short fuzz suite runs for 40 s). Files the cache does not know take their time from
 * `jest-timings.json`, the wall time of each file in a whole run on this machine
 * (`RECORD_JEST_TIMINGS=1 npm test` rewrites it); files neither knows still run first, as jest does.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import TestSequencer from '@jest/test-sequencer';

const root = path.dirname(fileURLToPath(import.meta.url));
const recorded = JSON.parse(readFileSync(path.join(root, 'jest-timings.json'), 'utf8')).seconds;

const Base = TestSequencer.default ?? TestSequencer;

export default class RecordedLongestFirst extends Base {
  time(test) {
    const cached = super.time(test);
    if (cached != null) return cached;
    const seconds = recorded[path.relative(root, test.path).split(path.sep).join('/')];
    return seconds == null ? undefined : seconds * 1000;
  }
}
