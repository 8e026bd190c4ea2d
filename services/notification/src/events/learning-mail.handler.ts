/**
 * The course's e-mails to learners, once per event (docs/behaviour/member-learning.md#e-mails): a
 * certificate issued → the learner, its PDF attached; a question answered → the member who asked; a staff seat's account
 * prepared → the invitee.
 */
import { type ServiceDeps } from '@platform/service-kit/runtime';
import type { NotificationConfig } from '../config.js';
import {
  CERTIFICATE_ISSUED_TEMPLATE,
  QUESTION_ANSWERED_TEMPLATE,
  TEAM_INVITATION_TEMPLATE,
  certificateAttachments,
  renderCertificateIssuedEmail,
  renderQuestionAnsweredEmail,
  renderTeamInvitationEmail,
} from '../templates/learning.js';
import { ownerMailSubscriptions } from './owner-and-support-mail.js';

export function learningMailSubscriptions(deps: ServiceDeps<NotificationConfig>) {
  return ownerMailSubscriptions(deps, {
    'course.certificate.issued': {
      template: CERTIFICATE_ISSUED_TEMPLATE,
      render: renderCertificateIssuedEmail,
      attachments: certificateAttachments,
    },
    'course.question.answered': { template: QUESTION_ANSWERED_TEMPLATE, render: renderQuestionAnsweredEmail },
    'auth.team-member.prepared': {
      template: TEAM_INVITATION_TEMPLATE,
      render: renderTeamInvitationEmail,
      linkExpiresAt: (data) => data.setPassword?.expiresAt ?? null,
    },
  });
}
