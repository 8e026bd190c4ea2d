/** "Welcome to Restaurant Consultant": sent once when an account is created. */
import { greetingName, renderEmail, type RenderedEmail, type TemplateSettings } from './layout.js';

export const WELCOME_TEMPLATE = 'welcome';

export interface WelcomeEmailInput {
  firstName: string;
  settings: TemplateSettings;
}

export function renderWelcomeEmail(input: WelcomeEmailInput): RenderedEmail {
  return renderEmail({
    subject: 'Welcome to Restaurant Consultant',
    preheader: 'Your account is ready. Your dashboard is where everything starts.',
    heading: 'Welcome aboard',
    greeting: `Hi ${greetingName(input.firstName)},`,
    intro: [
      'Your Restaurant Consultant account is ready. Your dashboard shows your course, your progress and your consultations, and what to do next.',
    ],
    action: { label: 'Go to your dashboard', url: `${input.settings.baseUrl}/dashboard` },
    outro: [],
    settings: input.settings,
  });
}
