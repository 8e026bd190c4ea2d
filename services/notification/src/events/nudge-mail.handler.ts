/**
 * The learning nudges, once per event, to a learner who has not turned that kind off
 * (docs/behaviour/member-learning.md#nudges): `course.sections.unlocked` and `course.learner.inactive`.
 * The learner's preferences row (and unsubscribe token) is made with their first nudge.
 */
import type { NudgeKind } from '@platform/contracts';
import type { Transaction } from '@platform/service-kit/db';
import { defineSubscription } from '@platform/service-kit/events';
import type { Logger } from '@platform/service-kit/logger';
import { type ServiceDeps } from '@platform/service-kit/runtime';
import type { NotificationConfig } from '../config.js';
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
import type { RenderedEmail } from '../templates/layout.js';
import { templateSettings } from '../templates/settings.js';

export function nudgeMailSubscriptions(deps: ServiceDeps<NotificationConfig>) {
  const settings = templateSettings(deps.config);

  async function queueNudge(
    tx: Transaction,
    nudge: { eventId: string; userId: string; email: string; kind: NudgeKind; template: string },
    logger: Logger,
    render: (unsubscribe: Unsubscribe) => RenderedEmail,
  ): Promise<void> {
    const now = deps.clock.now();
    const preferences = await ensurePreferences(tx, { userId: nudge.userId, email: nudge.email, now });
    if (!wantsNudge(preferences, nudge.kind)) {
      logger.info({ userId: nudge.userId, kind: nudge.kind }, 'nudge turned off by the learner; not sent');
      return;
    }
    const unsubscribe = unsubscribeFor(settings.baseUrl, preferences.unsubscribeToken, nudge.kind);
    await insertMessage(tx, {
      to: nudge.email,
      template: nudge.template,
      eventId: nudge.eventId,
      now,
      headers: unsubscribe.headers,
      ...render(unsubscribe),
    });
  }

  return [
    defineSubscription({
      subject: 'course.sections.unlocked',
      handler: async (event, { tx, logger }) => {
        const { data } = event;
        const nudge = { eventId: event.id, ...data, kind: 'section-unlocked' as const };
        await queueNudge(tx, { ...nudge, template: SECTIONS_UNLOCKED_TEMPLATE }, logger, (unsubscribe) =>
          renderSectionsUnlockedEmail({ ...data, unsubscribe, settings }),
        );
      },
    }),
    defineSubscription({
      subject: 'course.learner.inactive',
      handler: async (event, { tx, logger }) => {
        const { data } = event;
        const nudge = { eventId: event.id, ...data, kind: 'inactivity' as const };
        await queueNudge(tx, { ...nudge, template: INACTIVITY_TEMPLATE }, logger, (unsubscribe) =>
          renderInactivityEmail({ ...data, unsubscribe, settings }),
        );
      },
    }),
  ];
}
