/** The words of the e-mail preferences and unsubscribe pages (docs/behaviour/member-learning.md#nudges). */
export const PREFERENCES_COPY = {
  title: 'Email Preferences',
  description: 'Choose which learning e-mails we send you. Receipts and account e-mails always arrive.',
  sectionUnlocked: 'New section unlocked',
  sectionUnlockedHint: 'An e-mail when the next section of your course opens.',
  inactivity: 'Reminders after a week away',
  inactivityHint: 'One e-mail when you have not opened the course for 7 days. Never after you finish.',
  save: 'Save Preferences',
  saving: 'Saving...',
  savedTitle: 'Preferences saved',
  savedText: 'We will only send the e-mails you chose.',
  failedTitle: 'Could not save your preferences',
  failedText: 'Please try again in a moment.',
  loadError: 'Could not load your preferences',
} as const;

export const UNSUBSCRIBE_COPY = {
  title: 'Unsubscribe',
  ask: (label: string) => `Stop these e-mails: ${label}?`,
  confirm: 'Unsubscribe',
  confirming: 'Unsubscribing...',
  done: (label: string) => `You are unsubscribed from "${label}".`,
  doneHint: 'You can turn it back on from your e-mail preferences at any time.',
  preferences: 'Email preferences',
  invalidTitle: 'This unsubscribe link is not valid',
  invalidText: 'Open the link from the e-mail again, or change your e-mail preferences after signing in.',
  failed: 'Could not unsubscribe. Please try again in a moment.',
} as const;
