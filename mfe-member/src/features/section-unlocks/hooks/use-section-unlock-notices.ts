/**
 * Used by the pages that list a course's sections (/dashboard, /courses/:id): announces each section the
 * course service marks `unlockNoticeDue` with the 'New Section Unlocked!' toast, then records it.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast, useAuth } from '@platform/ui';
import { recordUnlockNotice } from '../api/record-unlock-notice';
import { createUnlockNoticeQueue } from '../lib/unlock-notice-queue';
import type { UnlockNoticeSection } from '../lib/unlock-notice-queue';

const queue = createUnlockNoticeQueue({
  show: ({ title, description, durationMs }) => {
    toast({ title, description, duration: durationMs, variant: 'success' });
  },
  record: recordUnlockNotice,
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
});

/**
 * `queryKey` is the cached section list the sections came from: once a notice is recorded its copy there
 * says so too, so a later visit in the same session shows nothing.
 */
export function useSectionUnlockNotices(
  sections: readonly UnlockNoticeSection[] | null | undefined,
  queryKey: readonly unknown[],
): void {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const memberKey = String(user?.id ?? '');
  useEffect(() => {
    if (!sections || !memberKey) return;
    queue.enqueue(sections, memberKey, (moduleId) => {
      queryClient.setQueryData<UnlockNoticeSection[] | null>(queryKey, (current) =>
        current?.map((section) =>
          section.id === moduleId ? { ...section, unlockNoticeDue: false } : section,
        ),
      );
    });
    // Running again for the same list is harmless: the queue skips what it has handled.
  }, [sections, memberKey, queryClient, queryKey]);
}
