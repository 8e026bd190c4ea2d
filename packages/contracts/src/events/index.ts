/** Subject → data schema and version for every event in the system. */
import type { z } from 'zod';
import { AuthPasswordResetRequestedSchema } from './auth-password-reset-requested.js';
import { AuthEmailChangeRequestedSchema } from './auth-email-change-requested.js';
import { AuthUserRegisteredSchema } from './auth-user-registered.js';
import { AuthMemberGrantedSchema } from './auth-member-granted.js';
import { AuthMemberRevokedSchema } from './auth-member-revoked.js';
import { AuthUserStatusChangedSchema } from './auth-user-status-changed.js';
import { AuthTeamMemberPreparedSchema } from './auth-team-member-prepared.js';
import { AuthAccountDeletedSchema } from './auth-account-deleted.js';
import {
  ConsultationCallChangedSchema,
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
import { PaymentSavedCardChangedSchema } from './payment-saved-card-changed.js';
import { PaymentReceiptRequestedSchema } from './payment-receipt-requested.js';
import { PaymentSubscriptionEndedSchema } from './payment-subscription-ended.js';
import {
  PaymentPlanInstalmentFailedSchema,
  PaymentPlanInstalmentPaidSchema,
  PaymentPlanPausedSchema,
  PaymentPlanResumedSchema,
} from './payment-plan-events.js';
import { PlatformProbeRecordedSchema } from './platform-probe-recorded.js';
import {
  RevenueAgreementIssuedSchema,
  RevenueCustomerStatusChangedSchema,
  RevenuePlanConsentedSchema,
  RevenuePlanLeftSchema,
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
export * from './auth-account-deleted.js';
export * from './payment-order-paid.js';
export * from './payment-order-refunded.js';
export * from './payment-receipt-requested.js';
export * from './payment-saved-card-changed.js';
export * from './payment-subscription-ended.js';
export * from './payment-plan-events.js';
export * from './consultation-events.js';
export * from './revenue-events.js';
export * from './share-collection-events.js';

export const eventSchemas = {
  'platform.probe.recorded': { version: 1, data: PlatformProbeRecordedSchema },
  'auth.user.registered': { version: 1, data: AuthUserRegisteredSchema },
  'auth.account.deleted': { version: 1, data: AuthAccountDeletedSchema },
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
  'payment.receipt.requested': { version: 1, data: PaymentReceiptRequestedSchema },
  'payment.subscription.ended': { version: 1, data: PaymentSubscriptionEndedSchema },
  'payment.plan.instalment-paid': { version: 1, data: PaymentPlanInstalmentPaidSchema },
  'payment.plan.instalment-failed': { version: 1, data: PaymentPlanInstalmentFailedSchema },
  'payment.plan.paused': { version: 1, data: PaymentPlanPausedSchema },
  'payment.plan.resumed': { version: 1, data: PaymentPlanResumedSchema },
  'consultation.submission.started': { version: 1, data: ConsultationSubmissionStartedSchema },
  'consultation.submission.completed': { version: 1, data: ConsultationSubmissionCompletedSchema },
  'consultation.submission.reviewed': { version: 1, data: ConsultationSubmissionReviewedSchema },
  'consultation.submission.responded': { version: 1, data: ConsultationSubmissionRespondedSchema },
  'consultation.continue-link.requested': { version: 1, data: ConsultationContinueLinkRequestedSchema },
  'consultation.lookup.requested': { version: 1, data: ConsultationLookupRequestedSchema },
  'consultation.message.posted': { version: 1, data: ConsultationMessagePostedSchema },
  'consultation.call.booked': { version: 1, data: ConsultationCallChangedSchema },
  'consultation.call.cancelled': { version: 1, data: ConsultationCallChangedSchema },
  'contact.message.received': { version: 1, data: ContactMessageReceivedSchema },
  'revenue.plan.consented': { version: 1, data: RevenuePlanConsentedSchema },
  'revenue.customer.status-changed': { version: 1, data: RevenueCustomerStatusChangedSchema },
  'revenue.reminder.requested': { version: 1, data: RevenueReminderRequestedSchema },
  'revenue.share.due-changed': { version: 1, data: RevenueShareDueChangedSchema },
  'revenue.share-payment.refused': { version: 1, data: RevenueSharePaymentRefusedSchema },
  'revenue.share.collection-requested': { version: 1, data: RevenueShareCollectionRequestedSchema },
  'revenue.report.dispute-changed': { version: 1, data: RevenueReportDisputeChangedSchema },
  'revenue.plan.left': { version: 1, data: RevenuePlanLeftSchema },
  'revenue.agreement.issued': { version: 1, data: RevenueAgreementIssuedSchema },
  'payment.share-collection.failed': { version: 1, data: PaymentShareCollectionFailedSchema },
  'payment.saved-card.changed': { version: 1, data: PaymentSavedCardChangedSchema },
} as const satisfies Record<string, { version: number; data: z.ZodType }>;

export type EventType = keyof typeof eventSchemas;
export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]['data']>;

export function isKnownEventType(type: string): type is EventType {
  return Object.hasOwn(eventSchemas, type);
}
