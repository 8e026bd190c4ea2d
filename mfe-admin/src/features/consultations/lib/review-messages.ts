/** The admin consultations page's fixed words (docs/behaviour/admin.md#reviewing-a-submission). */
export const REVIEW_MESSAGES = {
  fetchFailed: 'Failed to fetch consultation submissions',
  statusFailed: 'Failed to update consultation status.',
  notesFailed: 'Failed to save notes.',
  responseRequiredTitle: 'Response Required',
  responseRequiredDescription: 'Please provide a consultation response before marking as completed.',
} as const;
