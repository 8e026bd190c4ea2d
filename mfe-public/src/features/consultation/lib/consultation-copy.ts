/** The page's own words (member-and-admin §8 "Consultation", §9) that the contracts do not carry. */
export const COMPLETION_MESSAGES = {
  successTitle: 'Submission Complete!',
  failedTitle: 'Error',
  failedDescription: 'Failed to complete submission. Please try again.',
} as const;

export const CONSULTATION_PAGE_COPY = {
  title: 'Free Restaurant Consultation',
  description:
    'Tell us about your restaurant, then share photos, a short walkthrough video and your menu. We review every request within 24-48 hours.',
  stepOne: 'Business Information',
  stepTwo: 'Photos, Video and Menu',
} as const;
