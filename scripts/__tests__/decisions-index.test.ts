/** docs/decisions.md is the index of docs/decisions/: it fails here when the two drift apart. */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { decisionsIndexPath, readDecisions, renderDecisionsIndex } from '../decisions-index.js';

describe('the decisions', () => {
  it('are one file each, NNNN-short-title.md, with a title, a status and a group', () => {
    const decisions = readDecisions();
    expect(decisions.length).toBeGreaterThanOrEqual(60);
    for (const decision of decisions) {
      expect(decision.file.startsWith(String(decision.number).padStart(4, '0'))).toBe(true);
      expect(decision.title.length).toBeGreaterThan(5);
      expect(decision.status.length).toBeGreaterThan(0);
    }
  });

  it('are listed by docs/decisions.md as the files say today (npm run docs:decisions writes it again)', async () => {
    expect(readFileSync(decisionsIndexPath, 'utf8')).toBe(await renderDecisionsIndex());
  });
});
