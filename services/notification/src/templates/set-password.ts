/** "Set your password": the single-use link of a password reset, or of an account created at checkout. */
import { greetingName, renderEmail, type RenderedEmail, type TemplateSettings } from './layout.js';

export const SET_PASSWORD_TEMPLATE = 'set-password';

export interface SetPasswordEmailInput {
  email: string;
  firstName: string;
  token: string;
  /** How long the link stays valid from when it was asked for (auth: 1 hour). */
  validForMs: number;
  settings: TemplateSettings;
}

export function setPasswordLink(baseUrl: string, token: string): string {
  return `${baseUrl}/setup-password?token=${encodeURIComponent(token)}`;
}

export function renderSetPasswordEmail(input: SetPasswordEmailInput): RenderedEmail {
  const validFor = describeDuration(input.validForMs);
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

/**
 * "1 hour", "2 hours", "30 minutes", "7 days": whole hours when it is whole hours, else minutes; from two
 * days on, whole days rounded down (a link that arrives a little late never promises more than it has).
 */
export function describeDuration(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes >= 2 * 24 * 60) return `${Math.floor(minutes / (24 * 60))} days`;
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return hours === 1 ? '1 hour' : `${hours} hours`;
  }
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
