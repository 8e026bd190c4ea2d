/**
 * `GET /api/consultation/access?token=`: the e-mailed 'Continue Later' link `/consultation?token=…` names the
 * submission to continue at step 2; its token then authorises the uploads and the completion.
 */
import { useQuery } from '@tanstack/react-query';
import { consultationAccessQuery } from '../../../lib/consultation-access';

export function useContinueLink(token: string | null) {
  return useQuery({ ...consultationAccessQuery(token), retry: false });
}
