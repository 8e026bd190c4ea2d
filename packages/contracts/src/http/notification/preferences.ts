/**
 * E-mail preferences and one-click unsubscribe (docs/behaviour/member-learning.md#nudges): the learning
 * nudges a learner may turn off, `/account/notifications` and `/unsubscribe`.
 */
import { z } from 'zod';

export const NUDGE_KINDS = ['section-unlocked', 'inactivity'] as const;
export type NudgeKind = (typeof NUDGE_KINDS)[number];

export const NUDGE_KIND_LABELS: Record<NudgeKind, string> = {
  'section-unlocked': 'New section unlocked',
  inactivity: 'Reminders after a week away',
};

export const UNSUBSCRIBE_NOT_FOUND_MESSAGE = 'This unsubscribe link is not valid';

/** `GET` / `PUT /api/notification-preferences`. */
export const NotificationPreferencesSchema = z.object({
  sectionUnlocked: z.boolean({ error: 'Please choose on or off' }),
  inactivity: z.boolean({ error: 'Please choose on or off' }),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** `/api/unsubscribe/:token`: 43 base64url characters (32 random bytes). */
export const UnsubscribeParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });
export const UnsubscribeQuerySchema = z.object({
  kind: z.enum(NUDGE_KINDS, { error: 'Unknown kind of e-mail' }),
});

/** What `/unsubscribe` shows and `POST /api/unsubscribe/:token` answers. */
export const UnsubscribeStateSchema = z.object({
  kind: z.enum(NUDGE_KINDS),
  unsubscribed: z.boolean(),
});
export type UnsubscribeState = z.infer<typeof UnsubscribeStateSchema>;
