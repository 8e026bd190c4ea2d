/**
 * A consultation call's e-mails (docs/behaviour/consultation-and-contact.md#booking-a-call;
 * docs/decisions.md, 108): booked → an invitation (METHOD:REQUEST) to the owner and to support; cancelled
 * → its cancellation (METHOD:CANCEL, the same UID, SEQUENCE 1). Each reader gets the time in their zone,
 * named: the owner's as they booked, support's in the admin's published zone.
 */
import type { ConsultationCallChanged } from '@platform/contracts';
import { formatCallTime } from '@platform/contracts/format';
import { createEvent } from 'ics';
import type { MailCalendar } from '../db/schema.js';
import {
  BRAND_NAME,
  greetingName,
  renderEmail,
  type RenderedEmail,
  type TemplateSettings,
} from './layout.js';

export const CONSULTATION_CALL_BOOKED_OWNER_TEMPLATE = 'consultation-call-booked';
export const CONSULTATION_CALL_BOOKED_SUPPORT_TEMPLATE = 'consultation-call-booked-support';
export const CONSULTATION_CALL_CANCELLED_OWNER_TEMPLATE = 'consultation-call-cancelled';
export const CONSULTATION_CALL_CANCELLED_SUPPORT_TEMPLATE = 'consultation-call-cancelled-support';

export interface CallMailInput {
  call: ConsultationCallChanged;
  change: 'booked' | 'cancelled';
  /** The address the invitation comes from (the support inbox, else the sender's). */
  organizer: string;
  settings: TemplateSettings;
}

/** The invitation, or its cancellation, as RFC 5545 text (the `ics` package). */
export function callCalendar({ call, change, organizer, settings }: CallMailInput): MailCalendar {
  const method = change === 'booked' ? 'REQUEST' : 'CANCEL';
  const { error, value } = createEvent({
    productId: 'restaurant-consultant/consultation-calls',
    method,
    uid: `consultation-call-${call.bookingId}@restaurant-consultant`,
    sequence: call.sequence,
    status: change === 'booked' ? 'CONFIRMED' : 'CANCELLED',
    start: Date.parse(call.startsAt),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: Date.parse(call.endsAt),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: `Consultation call: ${call.businessName}`,
    description: `${BRAND_NAME} consultation call about ${call.businessName}. Details and the conversation: ${settings.baseUrl}/my-consultations`,
    url: `${settings.baseUrl}/my-consultations`,
    organizer: { name: BRAND_NAME, email: organizer },
    attendees: [
      {
        // A quoted parameter cannot hold a DQUOTE (RFC 5545), and `ics` writes one as \", which readers
        // take for the value's end: the name keeps its quotes as apostrophes.
        name: call.ownerName.replaceAll('"', "'"),
        email: call.email,
        rsvp: true,
        partstat: 'NEEDS-ACTION',
        role: 'REQ-PARTICIPANT',
      },
    ],
  });
  if (error || !value) throw error ?? new Error('the call invitation could not be written');
  return { method, content: value };
}

function firstNameOf(ownerName: string): string {
  return greetingName(ownerName.trim().split(/\s+/)[0] ?? '');
}

export function renderCallEmail(input: CallMailInput & { audience: 'owner' | 'support' }): RenderedEmail {
  const { call, change, settings } = input;
  if (input.audience === 'owner') {
    const when = formatCallTime(call.startsAt, { locale: 'en-US', timeZone: call.ownerTimeZone });
    const myConsultations = { label: 'Open My Consultations', url: `${settings.baseUrl}/my-consultations` };
    return change === 'booked'
      ? renderEmail({
          subject: `Your consultation call is booked: ${when}`,
          preheader: `Your call about ${call.businessName} is booked for ${when}.`,
          heading: 'Your call is booked',
          greeting: `Hi ${firstNameOf(call.ownerName)},`,
          intro: [
            `Your consultation call about ${call.businessName} is booked for ${when}.`,
            'The invitation comes with this e-mail: add it to your calendar.',
          ],
          action: myConsultations,
          outro: ['Need another time? Cancel the call on My Consultations and book again.'],
          settings,
        })
      : renderEmail({
          subject: `Your consultation call is cancelled: ${when}`,
          preheader: `Your call about ${call.businessName} on ${when} is cancelled.`,
          heading: 'Your call is cancelled',
          greeting: `Hi ${firstNameOf(call.ownerName)},`,
          intro: [
            `Your consultation call about ${call.businessName} on ${when} is cancelled.`,
            'This e-mail removes it from your calendar. Book another time on My Consultations.',
          ],
          action: myConsultations,
          outro: [],
          settings,
        });
  }
  const when = formatCallTime(call.startsAt, { locale: 'en-US', timeZone: call.adminTimeZone });
  return renderEmail({
    subject: `Call ${change}: ${call.ownerName}, ${call.businessName}, ${when}`,
    preheader: `${call.ownerName} ${change === 'booked' ? 'booked' : 'cancelled'} a call for ${when}.`,
    heading: change === 'booked' ? 'A consultation call was booked' : 'A consultation call was cancelled',
    greeting: 'Hello,',
    intro: [
      `${call.ownerName} <${call.email}> ${change === 'booked' ? 'booked' : 'cancelled'} the call about ${call.businessName} on ${when}.`,
    ],
    action: { label: 'Open the admin area', url: `${settings.baseUrl}/private-admin-panel-support-only` },
    outro: [],
    settings,
    audience: 'support',
  });
}
