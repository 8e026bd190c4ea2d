/**
 * The course's e-mails to learners, once per event (docs/behaviour/member-learning.md#e-mails): a
 * certificate issued → the learner; a question answered → the member who asked; a staff seat's account
 * prepared → the invitee.
 */
import { defineSubscription } from '@platform/service-kit/events';
import { type ServiceDeps } from '@platform/service-kit/runtime';
import type { NotificationConfig } from '../config.js';
import { insertMessage } from '../messages/messages.repository.js';
import {
  CERTIFICATE_ISSUED_TEMPLATE,
  QUESTION_ANSWERED_TEMPLATE,
  TEAM_INVITATION_TEMPLATE,
  renderCertificateIssuedEmail,
  renderQuestionAnsweredEmail,
  renderTeamInvitationEmail,
} from '../templates/learning.js';
import { templateSettings } from '../templates/settings.js';

export function learningMailSubscriptions(deps: ServiceDeps<NotificationConfig>) {
  const settings = templateSettings(deps.config);
  return [
    defineSubscription({
      subject: 'course.certificate.issued',
      handler: async (event, { tx }) => {
        await insertMessage(tx, {
          to: event.data.email,
          template: CERTIFICATE_ISSUED_TEMPLATE,
          eventId: event.id,
          now: deps.clock.now(),
          ...renderCertificateIssuedEmail({ ...event.data, settings }),
        });
      },
    }),
    defineSubscription({
      subject: 'course.question.answered',
      handler: async (event, { tx }) => {
        await insertMessage(tx, {
          to: event.data.email,
          template: QUESTION_ANSWERED_TEMPLATE,
          eventId: event.id,
          now: deps.clock.now(),
          ...renderQuestionAnsweredEmail({ ...event.data, settings }),
        });
      },
    }),
    defineSubscription({
      subject: 'auth.team-member.prepared',
      handler: async (event, { tx }) => {
        await insertMessage(tx, {
          to: event.data.email,
          template: TEAM_INVITATION_TEMPLATE,
          eventId: event.id,
          now: deps.clock.now(),
          ...renderTeamInvitationEmail({ ...event.data, settings }),
        });
      },
    }),
  ];
}
