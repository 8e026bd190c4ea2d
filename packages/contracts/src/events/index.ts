/** Subject → data schema and version for every event in the system. */
import type { z } from 'zod';
import { AuthPasswordResetRequestedSchema } from './auth-password-reset-requested.js';
import { AuthUserRegisteredSchema } from './auth-user-registered.js';
import { PlatformProbeRecordedSchema } from './platform-probe-recorded.js';

export * from './envelope.js';
export * from './platform-probe-recorded.js';
export * from './auth-user-registered.js';
export * from './auth-password-reset-requested.js';

export const eventSchemas = {
  'platform.probe.recorded': { version: 1, data: PlatformProbeRecordedSchema },
  'auth.user.registered': { version: 1, data: AuthUserRegisteredSchema },
  'auth.password-reset.requested': { version: 1, data: AuthPasswordResetRequestedSchema },
} as const satisfies Record<string, { version: number; data: z.ZodType }>;

export type EventType = keyof typeof eventSchemas;
export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]['data']>;

export function isKnownEventType(type: string): type is EventType {
  return Object.hasOwn(eventSchemas, type);
}
