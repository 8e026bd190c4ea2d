/** "Set your password": the single-use link of a password reset, or of an account created at checkout. */
import { greetingName, renderEmail, type RenderedEmail, type TemplateSettings } from './layout.js';
import { timeLeftUntil } from './link-time-left.js';

export const SET_PASSWORD_TEMPLATE = 'set-password';

export interface SetPasswordEmailInput {
  email: string;
  firstName: string;
  token: string;
  /** When the link stops working (auth: 1 hour after it was asked for). */
  expiresAt: string;
  settings: TemplateSettings;
}

export function setPasswordLink(baseUrl: string, token: string): string {
  return `${baseUrl}/setup-password?token=${encodeURIComponent(token)}`;
}

export function renderSetPasswordEmail(input: SetPasswordEmailInput): RenderedEmail {
  const validFor = timeLeftUntil(input.expiresAt);
  return renderEmail({
    subject: 'Set your password for Restaurant Consultant',
    preheader: `Your link to choose a password. It expires in ${validFor}.`,
    heading: 'Set your password',
    greeting: `Hi ${greetingName(input.firstName)},`,
    intro: [
      `Choose a password for your Restaurant Consultant account (${input.email}) with the button below.`,
    ],
    action: { label: 'Set your password', url: setPasswordLink(input.settings.baseUrl, input.token) },
    outro: [
      `This link expires in ${validFor} and works only once. If it has expired, use “Forgot your password?” on the sign-in page to get a new one.`,
      'If you did not ask for this, ignore this e-mail: nothing changes on your account.',
    ],
    settings: input.settings,
  });
}
