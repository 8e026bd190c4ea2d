/** The admin's learners page words (docs/behaviour/admin.md#learners). */
import type { DripOverrideAction } from '@platform/contracts';

export const LEARNERS_COPY = {
  title: 'Learners',
  description:
    'Everyone enrolled, with their progress. Open every section for a learner, or restart their schedule; the reason is kept.',
  loading: 'Loading learners…',
  failed: 'Learners could not be loaded',
  retry: 'Retry',
  empty: 'No learners yet',
  emptyHint: 'Learners appear here once they are enrolled in a course.',
  unnamed: 'No name given',
  reasonLabel: 'Reason',
  reasonHint: 'Kept with the learner, with the date.',
  failedTitle: 'Error',
  doneTitle: 'Saved',
  allOpen: 'Every section open',
  restarted: 'Schedule restarted',
  history: 'History',
} as const;

/** A person's data on their request (docs/behaviour/accounts.md#your-data-export-and-deletion). */
export const PERSONAL_DATA_COPY = {
  exportButton: 'Export data',
  deleteButton: 'Delete account',
  deleteTitle: 'Delete this account on the person’s request?',
  deleteText:
    'Their personal data is erased from every part of the site and they are signed out. Orders, invoices, revenue reports and payments are kept without their name.',
  deleteSubmit: 'Delete account',
  deleteBusy: 'Deleting...',
  deletedTitle: 'Account deleted',
  failed: 'The account could not be deleted',
} as const;

export const OVERRIDE_COPY = {
  unlock_all: {
    button: 'Unlock all sections',
    title: 'Unlock every section?',
    text: 'Every section of the course opens for this learner now. Nothing they completed changes.',
    submit: 'Unlock all',
    busy: 'Unlocking...',
    done: 'Every section is open for this learner.',
    failed: 'The sections could not be unlocked',
    logged: 'Unlocked all sections',
  },
  reset_progress: {
    button: 'Restart schedule',
    title: 'Restart this learner’s schedule?',
    text: 'The sections open again one a day from now. What they completed stays open and completed.',
    submit: 'Restart schedule',
    busy: 'Restarting...',
    done: 'The schedule starts again from now.',
    failed: 'The schedule could not be restarted',
    logged: 'Restarted the schedule',
  },
} as const satisfies Record<DripOverrideAction, Record<string, string>>;

/** '3 of 8 sections completed'. */
export function sectionsCompleted(done: number, total: number): string {
  return `${done} of ${total} section${total === 1 ? '' : 's'} completed`;
}
