/** Reads an unsubscribe link's kind of e-mail; null when it names none we send. */
import { NUDGE_KINDS, type NudgeKind } from '@platform/contracts';

export function nudgeKindOf(value: string | null): NudgeKind | null {
  return NUDGE_KINDS.find((kind) => kind === value) ?? null;
}
