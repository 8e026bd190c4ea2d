/**
 * `GET /api/certificates` (docs/behaviour/member-learning.md#certificates): the signed-in learner's
 * certificates, read by the dashboard once the course is finished. A 401 reads as null (signed out).
 */
import { defineParsedQuery } from '@platform/ui';

const myCertificates = defineParsedQuery(
  ['/api/certificates'],
  (contracts) => contracts.MyCertificateListSchema,
  { on401: 'returnNull' },
);

export const MY_CERTIFICATES_QUERY_KEY = myCertificates.queryKey;
export const useMyCertificates = myCertificates.use;
