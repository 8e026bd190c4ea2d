import { describe, expect, it } from '@jest/globals';
import {
  UNLOCK_TOAST_DURATION_MS,
  createUnlockNoticeQueue,
  selectDueNotices,
} from '../lib/unlock-notice-queue';
import type { UnlockNoticeSection } from '../lib/unlock-notice-queue';

function s(id: number, overrides: Partial<UnlockNoticeSection> = {}): UnlockNoticeSection {
  return {
    id,
    title: `Section ${id}`,
    orderIndex: id,
    isAvailable: true,
    unlockNoticeDue: true,
    ...overrides,
  };
}

describe("'New Section Unlocked!'", () => {
  it('announces open sections that are due, in course order, once per session', () => {
    const list = [s(3), s(1), s(2, { unlockNoticeDue: false }), s(4, { isAvailable: false }), s(5)];
    expect(selectDueNotices(list, new Set(), 'u1').map((x) => x.id)).toEqual([1, 3, 5]);
    expect(selectDueNotices(list, new Set(['u1:3']), 'u1').map((x) => x.id)).toEqual([1, 5]);
    // Another member signed in on the same tab is told about their own sections.
    expect(selectDueNotices(list, new Set(['u1:3']), 'u2').map((x) => x.id)).toEqual([1, 3, 5]);
  });

  it('shows each toast for 5 s, then records it, one after another, and never twice', async () => {
    const events: string[] = [];
    const recorded: number[] = [];
    const queue = createUnlockNoticeQueue({
      show: ({ title, description, durationMs }) =>
        events.push(`show ${title} | ${description} | ${durationMs}`),
      record: async (id) => {
        events.push(`record ${id}`);
      },
      wait: async (ms) => {
        events.push(`wait ${ms}`);
      },
    });
    queue.enqueue([s(2, { title: 'Menu Engineering' }), s(3, { title: 'Staff Training' })], 'u1', (id) =>
      recorded.push(id),
    );
    // The same list again (a re-render, another page) adds nothing.
    queue.enqueue([s(2, { title: 'Menu Engineering' })], 'u1', (id) => recorded.push(id));
    await queue.idle();
    expect(UNLOCK_TOAST_DURATION_MS).toBe(5000);
    expect(events).toEqual([
      'show New Section Unlocked! | Menu Engineering is now available | 5000',
      'wait 5000',
      'record 2',
      'show New Section Unlocked! | Staff Training is now available | 5000',
      'wait 5000',
      'record 3',
    ]);
    expect(recorded).toEqual([2, 3]);
  });

  it('goes on with the next notice when recording one fails', async () => {
    const shown: string[] = [];
    const recorded: number[] = [];
    const queue = createUnlockNoticeQueue({
      show: ({ description }) => shown.push(description),
      record: async (id) => {
        if (id === 1) throw new Error('500: boom');
      },
      wait: async () => undefined,
    });
    const original = console.error;
    console.error = () => undefined;
    try {
      queue.enqueue([s(1), s(2)], 'u1', (id) => recorded.push(id));
      await queue.idle();
    } finally {
      console.error = original;
    }
    expect(shown).toEqual(['Section 1 is now available', 'Section 2 is now available']);
    expect(recorded).toEqual([2]);
  });
});
