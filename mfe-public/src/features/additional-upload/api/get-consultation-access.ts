/** `GET /api/consultation/access?token=`: the e-mailed `/additional-upload?token=…` link opens the upload step. */
import { useQuery } from '@tanstack/react-query';
import { consultationAccessQuery } from '../../../lib/consultation-access';

export function useConsultationAccess(token: string | null) {
  return useQuery(consultationAccessQuery(token));
}
