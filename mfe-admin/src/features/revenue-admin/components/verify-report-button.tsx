/**
 * Verify: the report is checked and ready for collection. 'Report Verified' ('Revenue report has been
 * verified and marked for payment collection.'), or 'Failed to verify report. Please try again.'.
 */
import { useState } from 'react';
import { REVENUE_ADMIN_MESSAGES } from '@platform/contracts';
import { Button, toast } from '@platform/ui';
import { useVerifyReport } from '../api/verify-report';
import { ACTION_LABELS } from '../lib/revenue-admin-copy';

export function VerifyReportButton({ reportId }: { reportId: string }) {
  const verify = useVerifyReport();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      await verify.mutateAsync(reportId);
      toast({
        title: REVENUE_ADMIN_MESSAGES.verifiedTitle,
        description: REVENUE_ADMIN_MESSAGES.verifiedText,
        variant: 'success',
      });
    } catch (failure) {
      console.error('Verify report failed:', failure);
      toast({ title: 'Error', description: REVENUE_ADMIN_MESSAGES.verifyFailed, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button type="button" size="sm" disabled={busy} onClick={() => void run()}>
      {busy ? ACTION_LABELS.verifying : ACTION_LABELS.verify}
    </Button>
  );
}
