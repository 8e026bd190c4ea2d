/**
 * The admin's call availability and booked calls (docs/behaviour/consultation-and-contact.md#booking-a-call):
 * their words, and the form's starting values.
 */
import type { CallAvailability, CallAvailabilityView } from '@platform/contracts';

export const AVAILABILITY_COPY = {
  title: 'Call Availability',
  description: 'The weekly times owners may book a call, in your time zone. Owners see them in theirs.',
  timeZone: 'Time zone',
  slotMinutes: 'Call length',
  minutes: (count: number) => `${count} minutes`,
  ranges: 'Weekly times',
  day: 'Day',
  start: 'From',
  end: 'To',
  add: 'Add Time Range',
  remove: 'Remove',
  none: 'No times yet: owners cannot book a call.',
  publish: 'Publish Availability',
  publishing: 'Publishing...',
  publishedTitle: 'Availability Published',
  publishedText: 'Owners can book the new times now.',
  failedTitle: 'Availability Not Published',
  failedText: 'Your availability could not be published. Please try again.',
  notPublished: 'Not published yet.',
  lastPublished: (when: string) => `Last published ${when}.`,
  loadError: 'Failed to load the call availability.',
} as const;

export const BOOKED_CALLS_COPY = {
  title: 'Booked Calls',
  description: (zone: string) => `Calls owners booked, soonest first, in your time zone: ${zone}.`,
  empty: 'No calls booked.',
  loadError: 'Failed to load the booked calls.',
  ownerZone: (zone: string) => `Owner's time zone: ${zone}`,
} as const;

/** What the form starts from: the published week, or the admin's own zone and 30-minute calls. */
export function availabilityFormValues(view: CallAvailabilityView, ownZone: string): CallAvailability {
  return {
    timeZone: view.updatedAt ? view.timeZone : ownZone,
    slotMinutes: view.slotMinutes as CallAvailability['slotMinutes'],
    windows: view.windows as CallAvailability['windows'],
  };
}

/** The zones the form offers: the runtime's list, with the current one kept even when the list lacks it. */
export function timeZoneOptions(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(current) ? zones : [current, ...zones];
}
