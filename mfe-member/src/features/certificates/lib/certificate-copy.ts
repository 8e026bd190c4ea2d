/** The certificate's fixed words (docs/behaviour/member-learning.md#certificates). */
export const CERTIFICATE_COPY = {
  cardTitle: 'Your Certificate',
  cardText: 'You completed every section of this course. Download your certificate or share its public page.',
  download: 'Download PDF',
  publicPage: 'View public page',
  pageTitle: 'Certificate of Completion',
  verified: 'Verified certificate',
  notFoundTitle: 'Certificate Not Found',
  notFoundText: 'No certificate has this ID. Check the address you were given.',
  loadError: 'The certificate could not be loaded',
} as const;

/** 'Zoë Ávila completed Restaurant Management Mastery on March 13, 2030.' */
export function certifiesThat(input: { learnerName: string; courseTitle: string; date: string }): string {
  return `${input.learnerName} completed ${input.courseTitle} on ${input.date}.`;
}
