/** The lesson questions' fixed words (docs/behaviour/member-learning.md#lesson-questions). */
export const QUESTIONS_COPY = {
  title: 'Questions',
  intro: 'Ask us about this lesson. We answer by e-mail and here.',
  label: 'Your question',
  submit: 'Ask',
  sending: 'Sending...',
  sentTitle: 'Question sent',
  sentText: 'We will e-mail you when it is answered.',
  failedTitle: 'Error',
  failedText: 'Your question could not be sent',
  empty: 'No questions yet.',
  waiting: 'Waiting for an answer',
  yours: 'Your question',
  everyone: 'Answered for everyone',
  answer: 'Answer',
  loadError: 'Questions could not be loaded',
} as const;
