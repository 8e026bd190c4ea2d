/**
 * 'New Section Unlocked!' (docs/behaviour/member-learning.md#new-section-notices): one toast per newly opened
 * section, one after another (the toaster shows one at a time), each for 5 s; then the course service records
 * that the member was told, so it never shows again on any device. The queue lives for the page session,
 * outside React, so leaving the page while a toast shows neither repeats it nor loses the record.
 */
export const UNLOCK_TOAST_TITLE = 'New Section Unlocked!';
/** The unlock toast shows for 5 s. */
export const UNLOCK_TOAST_DURATION_MS = 5000;

export function getUnlockToastDescription(title: string): string {
  return `${title} is now available`;
}

export type UnlockNoticeSection = {
  id: number;
  title: string;
  orderIndex: number;
  isAvailable: boolean;
  unlockNoticeDue: boolean;
};

/** What the session has announced: per member (another may sign in on the same tab) and section. */
export function noticeKey(memberKey: string, moduleId: number): string {
  return `${memberKey}:${moduleId}`;
}

/** The sections to announce, in course order: due, open, and not already announced in this session. */
export function selectDueNotices<T extends UnlockNoticeSection>(
  sections: readonly T[],
  alreadyHandled: ReadonlySet<string>,
  memberKey: string,
): T[] {
  return sections
    .filter(
      (section) =>
        section.unlockNoticeDue &&
        section.isAvailable &&
        !alreadyHandled.has(noticeKey(memberKey, section.id)),
    )
    .sort((a, b) => a.orderIndex - b.orderIndex);
}

export type UnlockNoticeQueueDeps = {
  show: (notice: { title: string; description: string; durationMs: number }) => void;
  record: (moduleId: number) => Promise<void>;
  wait: (ms: number) => Promise<void>;
};

export type UnlockNoticeQueue = {
  /** Queues the member's due sections not yet handled; `onRecorded` runs once the server has the record. */
  enqueue: (
    sections: readonly UnlockNoticeSection[],
    memberKey: string,
    onRecorded: (moduleId: number) => void,
  ) => void;
  /** Resolves when every queued notice has been shown and recorded (tests). */
  idle: () => Promise<void>;
  handled: ReadonlySet<string>;
};

export function createUnlockNoticeQueue(deps: UnlockNoticeQueueDeps): UnlockNoticeQueue {
  const handled = new Set<string>();
  const pending: { section: UnlockNoticeSection; onRecorded: (moduleId: number) => void }[] = [];
  let running: Promise<void> | null = null;

  async function run() {
    for (let next = pending.shift(); next; next = pending.shift()) {
      const { section, onRecorded } = next;
      deps.show({
        title: UNLOCK_TOAST_TITLE,
        description: getUnlockToastDescription(section.title),
        durationMs: UNLOCK_TOAST_DURATION_MS,
      });
      await deps.wait(UNLOCK_TOAST_DURATION_MS);
      try {
        await deps.record(section.id);
        onRecorded(section.id);
      } catch (error) {
        // Not recorded: the next visit (a new page session) tells the member again, which is harmless.
        console.error('Could not record the unlock notice:', error);
      }
    }
  }

  return {
    handled,
    enqueue(sections, memberKey, onRecorded) {
      for (const section of selectDueNotices(sections, handled, memberKey)) {
        handled.add(noticeKey(memberKey, section.id));
        pending.push({ section, onRecorded });
      }
      if (!running && pending.length > 0) {
        running = run().finally(() => {
          running = null;
        });
      }
    },
    idle: () => running ?? Promise.resolve(),
  };
}
