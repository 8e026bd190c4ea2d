/**
 * Booking a call on /my-consultations (docs/behaviour/consultation-and-contact.md#booking-a-call): its
 * words, and the open slots grouped by the reader's calendar day. A page passes no zone (the reader's);
 * tests pass one.
 */
import type { CallSlot } from '@platform/contracts';

export const CALL_COPY = {
  title: 'Book a Call',
  intro: 'Talk your consultation through with our consultant: choose a time for a call.',
  zone: (zone: string) => `Times are shown in your time zone: ${zone}.`,
  day: 'Day',
  time: 'Time',
  book: 'Book Call',
  booking: 'Booking...',
  none: 'No open times right now. Write to us in the conversation below and we will find a time.',
  loadError: 'Failed to load the call times.',
  yourCall: 'Your call',
  invitation: 'The invitation is in your e-mail.',
  cancel: 'Cancel Call',
  cancelling: 'Cancelling...',
  keep: 'Keep Call',
  cancelTitle: 'Cancel this call?',
  cancelText: (when: string) =>
    `Your call on ${when} is cancelled and the invitation withdrawn. You can book another time afterwards.`,
  bookedTitle: 'Call Booked',
  bookedText: 'We e-mailed you the invitation. Add it to your calendar.',
  cancelledTitle: 'Call Cancelled',
  cancelledText: 'We e-mailed you the cancellation. Book another time when it suits you.',
  bookFailedTitle: 'Call Not Booked',
  bookFailedText: 'Your call could not be booked. Please try again.',
  cancelFailedTitle: 'Call Not Cancelled',
  cancelFailedText: 'Your call could not be cancelled. Please try again.',
  held: 'This call has taken place. Write to us in the conversation below if you would like another.',
} as const;

/** Whether the booked call has begun at `now`: it is kept, and no longer offered for cancelling. */
export function isCallHeld(booking: { startsAt: string }, now: number = Date.now()): boolean {
  return Date.parse(booking.startsAt) <= now;
}

export interface SlotDay {
  /** The reader's calendar day, 'YYYY-MM-DD'. */
  key: string;
  /** 'Tuesday, Dec 8'. */
  label: string;
  slots: { startsAt: string; label: string }[];
}

export function groupSlotsByDay(
  slots: readonly CallSlot[],
  { timeZone, locale }: { timeZone?: string; locale?: string } = {},
): SlotDay[] {
  const dayKey = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const dayLabel = new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'long',
    month: 'short',
    day: 'numeric',
  });
  const timeLabel = new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' });
  const days = new Map<string, SlotDay>();
  for (const slot of slots) {
    const at = new Date(slot.startsAt);
    const key = dayKey.format(at);
    let day = days.get(key);
    if (!day) {
      day = { key, label: dayLabel.format(at), slots: [] };
      days.set(key, day);
    }
    day.slots.push({ startsAt: slot.startsAt, label: timeLabel.format(at) });
  }
  return [...days.values()];
}

/** The reader's IANA zone. */
export function readerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
