/** The contact page's form (docs/decisions.md, 22): stored, and e-mailed to support through the event. */
import { randomUUID } from 'node:crypto';
import { CONTACT_MESSAGES, type ContactRequestParsed, type ContactResponse } from '@platform/contracts';
import { enqueueEvent } from '@platform/service-kit/events';
import { REQUEST_ID_HEADER } from '@platform/service-kit/identity';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { ConsultationConfig } from '../config.js';
import { contactSubmissions, outboxEvents } from '../db/schema.js';
import { assertBusinessEmail } from '../lib/business-email.js';

export async function sendContactMessage(
  deps: ServiceDeps<ConsultationConfig>,
  request: ContactRequestParsed,
  requestId?: string,
): Promise<ContactResponse> {
  assertBusinessEmail(request.email, CONTACT_MESSAGES.email);
  const now = deps.clock.now();
  const id = randomUUID();
  await deps.db.transaction(async (tx) => {
    await tx.insert(contactSubmissions).values({
      id,
      firstName: request.firstName,
      lastName: request.lastName,
      name: `${request.firstName} ${request.lastName}`,
      email: request.email.toLowerCase(),
      phone: request.phone ?? null,
      restaurantName: request.restaurantName ?? null,
      subject: request.subject,
      message: request.message,
      submittedAt: now,
    });
    await enqueueEvent(
      tx,
      outboxEvents,
      {
        type: 'contact.message.received',
        data: {
          contactId: id,
          firstName: request.firstName,
          lastName: request.lastName,
          email: request.email.toLowerCase(),
          phone: request.phone ?? null,
          restaurantName: request.restaurantName ?? null,
          subject: request.subject,
          message: request.message,
          receivedAt: now.toISOString(),
        },
        headers: requestId ? { [REQUEST_ID_HEADER]: requestId } : undefined,
      },
      { clock: deps.clock },
    );
  });
  deps.logger.info({ contactId: id, subject: request.subject }, 'contact message received');
  return { success: true, message: CONTACT_MESSAGES.sentDescription };
}
