/**
 * The course's e-mails to learners (docs/behaviour/member-learning.md#e-mails): the certificate of completion,
 * the admin's answer to a lesson question, and a staff seat's invitation.
 */
import type { CourseCertificateIssued } from '@platform/contracts';
import type { MailAttachment } from '../db/schema.js';
import { paragraphsOf } from './consultation.js';
import { greetingName, renderEmail, type RenderedEmail, type TemplateSettings } from './layout.js';
import { timeLeftUntil } from './link-time-left.js';
import { setPasswordLink } from './set-password.js';

export const CERTIFICATE_ISSUED_TEMPLATE = 'certificate-issued';

export interface CertificateIssuedEmailInput {
  certificateId: string;
  learnerName: string;
  courseTitle: string;
  issuedAt: string;
  /** The PDF the event carries (base64): the e-mail says it is attached. */
  certificatePdf?: string;
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
      input.certificatePdf
        ? 'Your certificate is attached to this e-mail as a PDF. You can download it again from your dashboard (sign in first), or from the link below.'
        : 'Download the PDF from your dashboard (sign in first), or from the link below.',
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

/** The PDF the event carries, as the e-mail's attachment 'certificate-{id}.pdf'. */
export function certificateAttachments(certificate: CourseCertificateIssued): MailAttachment[] {
  if (!certificate.certificatePdf) return [];
  return [
    {
      filename: `certificate-${certificate.certificateId}.pdf`,
      contentType: 'application/pdf',
      contentBase64: certificate.certificatePdf,
    },
  ];
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

export const TEAM_INVITATION_TEMPLATE = 'team-invitation';

export interface TeamInvitationEmailInput {
  ownerName: string;
  setPassword: { token: string; expiresAt: string } | null;
  settings: TemplateSettings;
}

/** The invitee's way in: a set-password link for an account that cannot sign in yet, else the sign-in page. */
export function renderTeamInvitationEmail(input: TeamInvitationEmailInput): RenderedEmail {
  const { baseUrl } = input.settings;
  const inviter = input.ownerName.trim() || 'Your restaurant';
  return renderEmail({
    subject: `${inviter} invited you to the restaurant management course`,
    preheader: 'Study the course on your own account, at your own pace.',
    heading: 'You have a seat on the course',
    greeting: 'Hi there,',
    intro: [
      `${inviter} gave you a staff seat on the restaurant management course.`,
      'You study on your own account: new sections open on the same schedule, counted from today.',
    ],
    action: input.setPassword
      ? { label: 'Set your password', url: setPasswordLink(baseUrl, input.setPassword.token) }
      : { label: 'Log in', url: `${baseUrl}/login` },
    outro: input.setPassword
      ? [
          `The link works for ${timeLeftUntil(input.setPassword.expiresAt)}. After that, use "Forgot your password?" on the sign-in page.`,
        ]
      : ['Log in with the account you already have on this address.'],
    settings: input.settings,
  });
}
