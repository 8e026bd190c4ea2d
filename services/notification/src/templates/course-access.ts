/**
 * After a purchase (`auth.member.granted`): for an account that cannot sign in yet, the set-password link
 * ("credentials arrive by email", docs/decisions.md, 13); otherwise "your course access is ready" with a link
 * to the dashboard.
 */
import { timeLeftUntil } from './link-time-left.js';
import { setPasswordLink } from './set-password.js';
import { greetingName, renderEmail, type RenderedEmail, type TemplateSettings } from './layout.js';

export const PURCHASE_SET_PASSWORD_TEMPLATE = 'purchase-set-password';
export const COURSE_ACCESS_READY_TEMPLATE = 'course-access-ready';

export interface PurchaseSetPasswordEmailInput {
  email: string;
  firstName: string;
  /** False when an earlier checkout created the account and no password was set since. */
  isNewAccount: boolean;
  token: string;
  /** When the link stops working. */
  expiresAt: string;
  settings: TemplateSettings;
}

export function renderPurchaseSetPasswordEmail(input: PurchaseSetPasswordEmailInput): RenderedEmail {
  const validFor = timeLeftUntil(input.expiresAt);
  return renderEmail({
    subject: 'Set your password to access your course',
    preheader: `Your purchase is ready. Choose a password to sign in; the link expires in ${validFor}.`,
    heading: 'Your access is ready',
    greeting: `Hi ${greetingName(input.firstName)},`,
    intro: [
      input.isNewAccount
        ? `Thank you for your purchase. We created your Restaurant Consultant account for ${input.email}.`
        : `Thank you for your purchase. It is now part of your Restaurant Consultant account (${input.email}).`,
      'Choose a password with the button below, then sign in with this e-mail address to start.',
    ],
    action: { label: 'Set your password', url: setPasswordLink(input.settings.baseUrl, input.token) },
    outro: [
      `This link expires in ${validFor} and works only once. If it has expired, use “Forgot your password?” on the sign-in page to get a new one.`,
      'Your receipt comes in a separate e-mail.',
    ],
    settings: input.settings,
  });
}

export interface CourseAccessReadyEmailInput {
  email: string;
  firstName: string;
  /** Whether the order included a course (a consultation alone has none). */
  includesCourse: boolean;
  /** A set-password link that expired before it could be sent: tell them how to get a new one. */
  linkExpired?: boolean;
  settings: TemplateSettings;
}

export function renderCourseAccessReadyEmail(input: CourseAccessReadyEmailInput): RenderedEmail {
  // Without a course in the order the subject must not promise one.
  const title = input.includesCourse ? 'Your course access is ready' : 'Your membership is active';
  return renderEmail({
    subject: title,
    preheader: 'Your purchase is part of your account now. Your dashboard is where it starts.',
    heading: title,
    greeting: `Hi ${greetingName(input.firstName)},`,
    intro: [
      `Thank you for your purchase. It is now part of your Restaurant Consultant account (${input.email}).`,
      input.includesCourse
        ? 'Your course is unlocked: sign in and start from your dashboard.'
        : 'Your membership is active: sign in and your dashboard shows what to do next.',
      ...(input.linkExpired
        ? [
            'To choose a password, use “Forgot your password?” on the sign-in page and we will e-mail you a link.',
          ]
        : []),
    ],
    action: { label: 'Go to your dashboard', url: `${input.settings.baseUrl}/dashboard` },
    outro: ['Your receipt comes in a separate e-mail.'],
    settings: input.settings,
  });
}
