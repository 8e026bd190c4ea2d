/**
 * The course studio's fixed words (docs/behaviour/course-studio.md#course-editor). The save and failure
 * messages the spec fixes come from the contracts (COURSE_STUDIO_MESSAGES).
 */
export const COURSE_EDITOR_COPY = {
  title: 'Course studio',
  description:
    'Edit the sections and lessons of the course. New sections and lessons start as drafts: only you see them until you publish them.',
  loading: 'Loading the course…',
  failed: 'The course could not be loaded.',
  retry: 'Try again',
  noCourse: 'No course yet',
  noCourseHint: 'The catalogue has no course to edit.',
  empty: 'No sections yet',
  emptyHint: 'Add the first section; it stays a draft until you publish it.',
  noLessons: 'No lessons in this section yet.',
  draft: 'Draft',
  addSection: 'Add section',
  addLesson: 'Add lesson',
  newSectionTitle: 'New section title',
  newLessonTitle: 'New lesson title',
  save: 'Save',
  saving: 'Saving…',
  saved: 'Saved',
  unsaved: 'Unsaved changes',
  edit: 'Edit',
  close: 'Close',
  delete: 'Delete',
  deleting: 'Deleting…',
  cancel: 'Cancel',
  uploadLink: 'Upload a video',
  /** Under a lesson's length in its form (docs/behaviour/course-studio.md#course-editor). */
  lengthHint: 'From the video itself, once it is measured.',
  reorderFailed: 'The new order could not be saved.',
  createFailed: 'Could not add it.',
  deleteFailed: 'Could not delete it.',
  lessonAdded: 'Lesson added as a draft',
  sectionAdded: 'Section added as a draft',
  lessonDeleted: 'Lesson deleted',
  sectionDeleted: 'Section deleted',
  order: 'Order saved',
  /** After a save refused because another tab or admin saved first (docs/behaviour/course-studio.md#course-editor). */
  reload: 'Reload',
  reloading: 'Reloading…',
  reloadFailed: 'It could not be reloaded. Try again.',
  keptTitle: 'Your unsaved changes',
  keptHint: 'The form now shows what is saved. What you had typed is kept here: make your changes again.',
  dismissKept: 'Dismiss',
} as const;

export function deleteLessonQuestion(title: string): string {
  return `Delete the lesson “${title}”?`;
}

export function deleteSectionQuestion(title: string, lessons: number): string {
  return `Delete the section “${title}” and its ${lessons} ${lessons === 1 ? 'lesson' : 'lessons'}?`;
}

export const DELETE_WARNING =
  'Members lose their progress in what is deleted. Their enrolment stays. This cannot be undone.';
