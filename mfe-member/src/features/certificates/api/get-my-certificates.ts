/**
 * `GET /api/certificates` (docs/behaviour/member-learning.md#certificates): the signed-in learner's
 * certificates, read by the dashboard once the course is finished. A 401 reads as null (signed out).
 */
import { defineSignedInQuery } from '@platform/ui';

const myCertificates = defineSignedInQuery(
  ['/api/certificates'],
  (contracts) => contracts.MyCertificateListSchema,
);

export const MY_CERTIFICATES_QUERY_KEY = myCertificates.queryKey;
export const useMyCertificates = myCertificates.use;
