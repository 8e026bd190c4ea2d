/**
 * The course's e-mails to learners (docs/behaviour/member-learning.md#e-mails): the certificate of completion,
 * and the admin's answer to a lesson question.
 */
import { paragraphsOf } from './consultation.js';
import { greetingName, renderEmail, type RenderedEmail, type TemplateSettings } from './layout.js';

export const CERTIFICATE_ISSUED_TEMPLATE = 'certificate-issued';

export interface CertificateIssuedEmailInput {
  certificateId: string;
  learnerName: string;
  courseTitle: string;
  issuedAt: string;
  settings: TemplateSettings;
}

export function renderCertificateIssuedEmail(input: CertificateIssuedEmailInput): RenderedEmail {
  const { baseUrl } = input.settings;
  const verifyUrl = `${baseUrl}/certificates/${input.certificateId}`;
  return renderEmail({
    subject: `Your certificate: ${input.courseTitle}`,
    preheader: 'You finished every section of the course. Your certificate is ready to download and share.',
    heading: 'Congratulations, you finished the course',
    greeting: `Hi ${greetingName(input.learnerName.split(' ')[0] ?? '')},`,
    intro: [
      `You completed every section of ${input.courseTitle}, and your certificate of completion is ready.`,
      'Download the PDF from your dashboard (sign in first), or from the link below.',
    ],
    action: {
      label: 'Download your certificate',
      url: `${baseUrl}/api/certificates/${input.certificateId}/pdf`,
    },
    outro: [
      `Anyone can check it is real at ${verifyUrl}: share that address with your team or on your profile.`,
      `Certificate ID: ${input.certificateId}`,
    ],
    settings: input.settings,
  });
}

export const QUESTION_ANSWERED_TEMPLATE = 'question-answered';

export interface QuestionAnsweredEmailInput {
  lessonId: number;
  lessonTitle: string;
  question: string;
  answer: string;
  settings: TemplateSettings;
}

export function renderQuestionAnsweredEmail(input: QuestionAnsweredEmailInput): RenderedEmail {
  return renderEmail({
    subject: `Your question about “${input.lessonTitle}” was answered`,
    preheader: 'Our answer is below, and under the lesson.',
    heading: 'Your question was answered',
    greeting: 'Hi there,',
    intro: [
      `You asked under the lesson “${input.lessonTitle}”:`,
      ...paragraphsOf(input.question).map((line) => `“${line}”`),
      'Our answer:',
      ...paragraphsOf(input.answer),
    ],
    action: { label: 'Open the lesson', url: `${input.settings.baseUrl}/lessons/${input.lessonId}` },
    outro: ['Ask another question under any lesson you have open.'],
    settings: input.settings,
  });
}
