/**
 * The learning nudges (docs/behaviour/member-learning.md#nudges): sections unlocked, and a reminder after a
 * week away. Each carries the one-click unsubscribe of its kind: the `List-Unsubscribe` and
 * `List-Unsubscribe-Post` headers (a mail client's button) and the `/unsubscribe` page's link.
 */
import type { NudgeKind } from '@platform/contracts';
import { greetingName, renderEmail, type RenderedEmail, type TemplateSettings } from './layout.js';

export const SECTIONS_UNLOCKED_TEMPLATE = 'sections-unlocked';
export const INACTIVITY_TEMPLATE = 'inactivity-reminder';

export interface Unsubscribe {
  /** The page a person opens. */
  pageUrl: string;
  /** The headers a mail client's one-click button uses. */
  headers: Record<string, string>;
}

export function unsubscribeFor(baseUrl: string, token: string, kind: NudgeKind): Unsubscribe {
  const query = `?kind=${kind}`;
  return {
    pageUrl: `${baseUrl}/unsubscribe/${token}${query}`,
    headers: {
      'List-Unsubscribe': `<${baseUrl}/api/unsubscribe/${token}${query}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

const stopLine = (unsubscribe: Unsubscribe, what: string) =>
  `Do not want ${what}? Unsubscribe: ${unsubscribe.pageUrl} (or change your e-mail preferences on your account page).`;

export function renderSectionsUnlockedEmail(input: {
  firstName: string;
  courseTitle: string;
  sections: Array<{ id: number; title: string }>;
  unsubscribe: Unsubscribe;
  settings: TemplateSettings;
}): RenderedEmail {
  const [first] = input.sections;
  const many = input.sections.length > 1;
  return renderEmail({
    subject: many
      ? `${input.sections.length} new sections are open`
      : `New section unlocked: ${first!.title}`,
    preheader: `Your next step in ${input.courseTitle} is ready.`,
    heading: many ? 'New sections are open' : 'A new section is open',
    greeting: `Hi ${greetingName(input.firstName)},`,
    intro: [
      `In ${input.courseTitle}, you can now open:`,
      ...input.sections.map((section) => `• ${section.title}`),
    ],
    action: { label: 'Open the section', url: `${input.settings.baseUrl}/module/${first!.id}` },
    outro: [stopLine(input.unsubscribe, 'an e-mail when a section opens')],
    settings: input.settings,
  });
}

export function renderInactivityEmail(input: {
  firstName: string;
  courseTitle: string;
  resumeLessonId: number | null;
  unsubscribe: Unsubscribe;
  settings: TemplateSettings;
}): RenderedEmail {
  const url =
    input.resumeLessonId === null
      ? `${input.settings.baseUrl}/dashboard`
      : `${input.settings.baseUrl}/lessons/${input.resumeLessonId}`;
  return renderEmail({
    subject: `Pick up where you left off in ${input.courseTitle}`,
    preheader: 'Ten minutes today keeps your restaurant moving.',
    heading: 'Your course is waiting',
    greeting: `Hi ${greetingName(input.firstName)},`,
    intro: [
      `It has been a week since you last opened ${input.courseTitle}.`,
      'One lesson today is enough to keep the changes in your restaurant going.',
    ],
    action: { label: 'Continue the course', url },
    outro: [stopLine(input.unsubscribe, 'reminders after a week away')],
    settings: input.settings,
  });
}
