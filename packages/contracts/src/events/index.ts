/** Subject → data schema and version for every event in the system. */
import type { z } from 'zod';
import { AuthPasswordResetRequestedSchema } from './auth-password-reset-requested.js';
import { AuthEmailChangeRequestedSchema } from './auth-email-change-requested.js';
import { AuthUserRegisteredSchema } from './auth-user-registered.js';
import { AuthMemberGrantedSchema } from './auth-member-granted.js';
import { AuthMemberRevokedSchema } from './auth-member-revoked.js';
import { AuthUserStatusChangedSchema } from './auth-user-status-changed.js';
import { AuthTeamMemberPreparedSchema } from './auth-team-member-prepared.js';
import {
  ConsultationContinueLinkRequestedSchema,
  ConsultationLookupRequestedSchema,
  ConsultationMessagePostedSchema,
  ConsultationSubmissionCompletedSchema,
  ConsultationSubmissionRespondedSchema,
  ConsultationSubmissionReviewedSchema,
  ConsultationSubmissionStartedSchema,
  ContactMessageReceivedSchema,
} from './consultation-events.js';
import { CourseCataloguePublishedSchema } from './course-catalogue-published.js';
import { CourseCertificateIssuedSchema } from './course-certificate-issued.js';
import { CourseQuestionAnsweredSchema } from './course-question-answered.js';
import { CourseTeamMemberInvitedSchema } from './course-team-member-invited.js';
import { CourseLearnerInactiveSchema, CourseSectionsUnlockedSchema } from './course-nudges.js';
import { PaymentOrderPaidSchema } from './payment-order-paid.js';
import { PaymentOrderRefundedSchema } from './payment-order-refunded.js';
import { PaymentSubscriptionEndedSchema } from './payment-subscription-ended.js';
import { PlatformProbeRecordedSchema } from './platform-probe-recorded.js';
import {
  RevenueCustomerStatusChangedSchema,
  RevenuePlanConsentedSchema,
  RevenueReminderRequestedSchema,
  RevenueReportDisputeChangedSchema,
  RevenueShareDueChangedSchema,
  RevenueSharePaymentRefusedSchema,
} from './revenue-events.js';
import {
  PaymentShareCollectionFailedSchema,
  RevenueShareCollectionRequestedSchema,
} from './share-collection-events.js';

export * from './envelope.js';
export * from './platform-probe-recorded.js';
export * from './auth-user-registered.js';
export * from './auth-password-reset-requested.js';
export * from './auth-email-change-requested.js';
export * from './auth-member-granted.js';
export * from './auth-member-revoked.js';
export * from './auth-user-status-changed.js';
export * from './course-catalogue-published.js';
export * from './course-certificate-issued.js';
export * from './course-question-answered.js';
export * from './course-team-member-invited.js';
export * from './course-nudges.js';
export * from './auth-team-member-prepared.js';
export * from './payment-order-paid.js';
export * from './payment-order-refunded.js';
export * from './payment-subscription-ended.js';
export * from './consultation-events.js';
export * from './revenue-events.js';
export * from './share-collection-events.js';

export const eventSchemas = {
  'platform.probe.recorded': { version: 1, data: PlatformProbeRecordedSchema },
  'auth.user.registered': { version: 1, data: AuthUserRegisteredSchema },
  'auth.password-reset.requested': { version: 1, data: AuthPasswordResetRequestedSchema },
  'auth.email-change.requested': { version: 1, data: AuthEmailChangeRequestedSchema },
  'auth.member.granted': { version: 1, data: AuthMemberGrantedSchema },
  'auth.member.revoked': { version: 1, data: AuthMemberRevokedSchema },
  'auth.user.status-changed': { version: 1, data: AuthUserStatusChangedSchema },
  'auth.team-member.prepared': { version: 1, data: AuthTeamMemberPreparedSchema },
  'course.catalogue.published': { version: 1, data: CourseCataloguePublishedSchema },
  'course.certificate.issued': { version: 1, data: CourseCertificateIssuedSchema },
  'course.question.answered': { version: 1, data: CourseQuestionAnsweredSchema },
  'course.sections.unlocked': { version: 1, data: CourseSectionsUnlockedSchema },
  'course.learner.inactive': { version: 1, data: CourseLearnerInactiveSchema },
  'course.team.member-invited': { version: 1, data: CourseTeamMemberInvitedSchema },
  'payment.order.paid': { version: 1, data: PaymentOrderPaidSchema },
  'payment.order.refunded': { version: 1, data: PaymentOrderRefundedSchema },
  'payment.subscription.ended': { version: 1, data: PaymentSubscriptionEndedSchema },
  'consultation.submission.started': { version: 1, data: ConsultationSubmissionStartedSchema },
  'consultation.submission.completed': { version: 1, data: ConsultationSubmissionCompletedSchema },
  'consultation.submission.reviewed': { version: 1, data: ConsultationSubmissionReviewedSchema },
  'consultation.submission.responded': { version: 1, data: ConsultationSubmissionRespondedSchema },
  'consultation.continue-link.requested': { version: 1, data: ConsultationContinueLinkRequestedSchema },
  'consultation.lookup.requested': { version: 1, data: ConsultationLookupRequestedSchema },
  'consultation.message.posted': { version: 1, data: ConsultationMessagePostedSchema },
  'contact.message.received': { version: 1, data: ContactMessageReceivedSchema },
  'revenue.plan.consented': { version: 1, data: RevenuePlanConsentedSchema },
  'revenue.customer.status-changed': { version: 1, data: RevenueCustomerStatusChangedSchema },
  'revenue.reminder.requested': { version: 1, data: RevenueReminderRequestedSchema },
  'revenue.share.due-changed': { version: 1, data: RevenueShareDueChangedSchema },
  'revenue.share-payment.refused': { version: 1, data: RevenueSharePaymentRefusedSchema },
  'revenue.share.collection-requested': { version: 1, data: RevenueShareCollectionRequestedSchema },
  'revenue.report.dispute-changed': { version: 1, data: RevenueReportDisputeChangedSchema },
  'payment.share-collection.failed': { version: 1, data: PaymentShareCollectionFailedSchema },
} as const satisfies Record<string, { version: number; data: z.ZodType }>;

export type EventType = keyof typeof eventSchemas;
export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]['data']>;

export function isKnownEventType(type: string): type is EventType {
  return Object.hasOwn(eventSchemas, type);
}
