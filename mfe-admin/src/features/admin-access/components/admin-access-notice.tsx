/** What an admin page shows instead of its content while it takes a refused reader away. */
import { Alert, AlertDescription, AlertTitle } from '@platform/ui';
import { ADMIN_ACCESS_MESSAGES } from '../lib/admin-access';
import type { AdminRefusal } from '../lib/admin-access';

export function AdminAccessNotice({ refusal }: { refusal: AdminRefusal }) {
  const unauthorized = refusal === 'unauthorized';
  return (
    <Alert role="status">
      <AlertTitle>
        {unauthorized ? ADMIN_ACCESS_MESSAGES.unauthorizedTitle : ADMIN_ACCESS_MESSAGES.deniedTitle}
      </AlertTitle>
      <AlertDescription>
        <p>
          {unauthorized
            ? 'Taking you to the log-in page…'
            : `${ADMIN_ACCESS_MESSAGES.deniedDescription} Taking you home…`}
        </p>
      </AlertDescription>
    </Alert>
  );
}
