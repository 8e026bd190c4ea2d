/** Who is calling, as the gateway tells the services (and as auth tells the gateway). */
import { z } from 'zod';
import { AccountEmailSchema } from './auth/email.js';

export const RoleSchema = z.enum(['user', 'admin']);
export type Role = z.infer<typeof RoleSchema>;

export const CallerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('anonymous') }),
  z.object({
    kind: z.literal('user'),
    userId: z.string().min(1),
    email: AccountEmailSchema,
    role: RoleSchema,
  }),
]);

export type Caller = z.infer<typeof CallerSchema>;

/** Answer of auth's internal session lookup (`GET /internal/session`). */
export const SessionLookupSchema = z.object({ caller: CallerSchema });
export type SessionLookup = z.infer<typeof SessionLookupSchema>;
