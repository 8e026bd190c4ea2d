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
    /**
     * The account has proven it receives mail at `email` (used an e-mailed link, a verified OpenID
     * Connect e-mail, or the configured admin). Only then does an address match make someone the owner
     * of what was sent under that address (a consultation): sign-up alone proves nothing.
     */
    emailVerified: z.boolean().optional(),
  }),
]);

export type Caller = z.infer<typeof CallerSchema>;

/** Answer of auth's internal session lookup (`GET /internal/session`). */
export const SessionLookupSchema = z.object({ caller: CallerSchema });
export type SessionLookup = z.infer<typeof SessionLookupSchema>;
