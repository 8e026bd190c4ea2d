/**
 * The learning nudges, once per event, to a learner who has not turned that kind off
 * (docs/behaviour/member-learning.md#nudges): `course.sections.unlocked` and `course.learner.inactive`.
 * The learner's preferences row (and unsubscribe token) is made with their first nudge.
 */
import type { EventData, NudgeKind } from '@platform/contracts';
import { defineSubscription } from '@platform/service-kit/events';
import { type ServiceDeps } from '@platform/service-kit/runtime';
import type { NotificationConfig } from '../config.js';
import { isErasedUser } from '../account-data/erased-users.js';
import { insertMessage } from '../messages/messages.repository.js';
import { ensurePreferences, wantsNudge } from '../nudges/preferences.repository.js';
import {
  INACTIVITY_TEMPLATE,
  SECTIONS_UNLOCKED_TEMPLATE,
  renderInactivityEmail,
  renderSectionsUnlockedEmail,
  unsubscribeFor,
  type Unsubscribe,
} from '../templates/nudges.js';
import type { RenderedEmail, TemplateSettings } from '../templates/layout.js';
import { templateSettings } from '../templates/settings.js';

type NudgeSubject = 'course.sections.unlocked' | 'course.learner.inactive';

/** A nudge's e-mail: the kind the learner can turn off, its template, and how it is drawn. */
interface Nudge<T extends NudgeSubject> {
  kind: NudgeKind;
  template: string;
  render: (input: EventData<T> & { unsubscribe: Unsubscribe; settings: TemplateSettings }) => RenderedEmail;
}

const NUDGES: { [T in NudgeSubject]: Nudge<T> } = {
  'course.sections.unlocked': {
    kind: 'section-unlocked',
    template: SECTIONS_UNLOCKED_TEMPLATE,
    render: renderSectionsUnlockedEmail,
  },
  'course.learner.inactive': {
    kind: 'inactivity',
    template: INACTIVITY_TEMPLATE,
    render: renderInactivityEmail,
  },
};

export function nudgeMailSubscriptions(deps: ServiceDeps<NotificationConfig>) {
  const settings = templateSettings(deps.config);
  return Object.entries(NUDGES).map(([subject, nudge]) => {
    const { kind, template, render } = nudge as Nudge<NudgeSubject>;
    return defineSubscription({
      subject: subject as NudgeSubject,
      handler: async (event, { tx, logger }) => {
        const data = event.data;
        const now = deps.clock.now();
        // Sent before the course heard of the account's erasure: no e-mail, and no preferences row again.
        if (await isErasedUser(tx, data.userId)) return;
        const preferences = await ensurePreferences(tx, { userId: data.userId, email: data.email, now });
        if (!wantsNudge(preferences, kind)) {
          logger.info({ userId: data.userId, kind }, 'nudge turned off by the learner; not sent');
          return;
        }
        const unsubscribe = unsubscribeFor(settings.baseUrl, preferences.unsubscribeToken, kind);
        await insertMessage(tx, {
          to: data.email,
          template,
          eventId: event.id,
          now,
          headers: unsubscribe.headers,
          ...render({ ...data, unsubscribe, settings }),
        });
      },
    });
  });
}
