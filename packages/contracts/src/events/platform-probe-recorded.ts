/**
 * `platform.probe.recorded`: a harmless event each service can emit to prove the outbox → bus → inbox
 * path end to end (used by the readiness smoke test and the fault tests).
 */
import { z } from 'zod';

export const PlatformProbeRecordedSchema = z.object({
  probeId: z.string().min(1),
  sequence: z.number().int().nonnegative(),
  note: z.string().optional(),
});

export type PlatformProbeRecorded = z.infer<typeof PlatformProbeRecordedSchema>;
