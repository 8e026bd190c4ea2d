/** "Confirm your new email address": the single-use link of an e-mail change, sent to the new address. */
import { greetingName, renderEmail, type RenderedEmail, type TemplateSettings } from './layout.js';
import { timeLeftUntil } from './link-time-left.js';

export const CONFIRM_EMAIL_TEMPLATE = 'confirm-email';

export function confirmEmailLink(baseUrl: string, token: string): string {
  return `${baseUrl}/account/confirm-email?token=${encodeURIComponent(token)}`;
}

export function renderConfirmEmail(input: {
  newEmail: string;
  firstName: string;
  token: string;
  expiresAt: string;
  settings: TemplateSettings;
}): RenderedEmail {
  const validFor = timeLeftUntil(input.expiresAt);
  return renderEmail({
    subject: 'Confirm your new email address for Restaurant Consultant',
    preheader: `Confirm ${input.newEmail} as your sign-in address. The link expires in ${validFor}.`,
    heading: 'Confirm your new email address',
    greeting: `Hi ${greetingName(input.firstName)},`,
    intro: [
      `You asked to sign in to Restaurant Consultant with ${input.newEmail} from now on. Confirm it with the button below.`,
    ],
    action: { label: 'Confirm email address', url: confirmEmailLink(input.settings.baseUrl, input.token) },
    outro: [
      `This link expires in ${validFor} and works only once. Until it is used, your account keeps its current address.`,
      'If you did not ask for this, ignore this e-mail: nothing changes on your account.',
    ],
    settings: input.settings,
  });
}
