/**
 * `GET /api/my-consultations` (docs/behaviour/consultation-and-contact.md#api-calls): the signed-in user's
 * own submissions. A 401 reads as null, which the page turns into 'Session Expired'
 * (docs/behaviour/consultation-and-contact.md#my-consultations).
 */
import type { MyConsultation } from '@platform/contracts';
import { defineSignedInQuery } from '@platform/ui';

export type { MyConsultation };

const myConsultations = defineSignedInQuery(
  ['/api/my-consultations'],
  (contracts) => contracts.MyConsultationListSchema,
);

export const MY_CONSULTATIONS_QUERY_KEY = myConsultations.queryKey;
export const myConsultationsQuery = myConsultations.options;
export const useMyConsultations = myConsultations.use;
