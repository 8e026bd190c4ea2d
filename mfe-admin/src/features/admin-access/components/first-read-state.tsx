/** What an admin list page shows before its first answer: the failure with a way to retry, or the waiting rows. */
import { LoadFailedAlert, LoadingList } from '@platform/ui';

/** The failed read (`copy.failed`, `copy.retry`) or, while it is under way, `rows` placeholders. */
export function FirstReadState({
  read,
  copy,
  rows,
  rowHeight,
}: {
  read: { isError: boolean; refetch: () => Promise<unknown> };
  copy: { failed: string; retry: string; loading: string };
  rows: number;
  /** A Tailwind height class (`h-36`). */
  rowHeight: string;
}) {
  if (read.isError) {
    return (
      <LoadFailedAlert title={copy.failed} retryLabel={copy.retry} onRetry={() => void read.refetch()} />
    );
  }
  return <LoadingList label={copy.loading} rows={rows} rowHeight={rowHeight} />;
}
