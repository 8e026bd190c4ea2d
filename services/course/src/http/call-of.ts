/** Who asks and when, as the course's operations take them first (`{ caller, now, …what the path names }`). */
import type { Clock } from '@platform/service-kit/clock';

export function callOf<TCaller>(req: { caller: TCaller }, clock: Clock): { caller: TCaller; now: Date } {
  return { caller: req.caller, now: clock.now() };
}
