/**
 * 'Your Restaurant Consultation' (docs/behaviour/member-learning.md#progress-dashboard): the account bought
 * the consultation and has not sent it yet (its consultation status follows the submission).
 */
import { CONSULTATION_PRODUCT_ID } from '@platform/contracts';

type ConsultationUser = { consultationStatus?: string | null } | null | undefined;

export function showsConsultationPurchase(
  user: ConsultationUser,
  productIds: readonly string[] | undefined,
): boolean {
  return (
    Boolean(user) &&
    (productIds ?? []).includes(CONSULTATION_PRODUCT_ID) &&
    (user?.consultationStatus ?? 'not_started') === 'not_started'
  );
}
