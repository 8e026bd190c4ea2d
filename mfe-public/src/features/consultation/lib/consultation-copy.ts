/**
 * The page's own words (docs/behaviour/consultation-and-contact.md#messages) that the contracts do not carry.
 */
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

/** Reopening /consultation with a request this device started (docs/behaviour/consultation-and-contact.md#continue-later). */
export const RESUME_COPY = {
  title: 'Continue your consultation request?',
  description: (businessName: string, savedOn: string) =>
    `You started a request${businessName ? ` for ${businessName}` : ''} on this device on ${savedOn}. Your business information is saved: add your photos, video and menu to send it.`,
  continue: 'Continue My Request',
  startNew: 'Start a New Request',
  openingLink: 'Opening your consultation request…',
  invalidLinkTitle: 'This link does not work',
  invalidLinkHelp: 'Start a new request, or ask for a new link with the e-mail address you used.',
  continueLaterHint:
    "Not ready yet? 'Continue Later' e-mails you a link back to this step, and this device keeps your request.",
  alreadyCompletedTitle: 'Already sent',
} as const;

/** A resumable upload on its way (the walkthrough video and large files): its controls and states. */
export const TRANSFER_COPY = {
  pause: 'Pause',
  resume: 'Resume',
  cancel: 'Cancel upload',
  paused: 'Paused. Resume to carry on from where it stopped.',
  waitingForNetwork: 'Connection lost. Waiting for the network to carry on…',
} as const;
