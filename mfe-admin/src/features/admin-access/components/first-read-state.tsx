/**
 * What an admin list page shows before its first answer (the failure with a way to retry, or the waiting
 * rows), and the page's list once read.
 */
import type { ComponentProps, ReactNode } from 'react';
import { EmptyStateCard, LoadFailedAlert, LoadingList } from '@platform/ui';

type FirstRead = { isError: boolean; refetch: () => Promise<unknown> };
type FirstReadCopy = { failed: string; retry: string; loading: string };

/** The failed read (`copy.failed`, `copy.retry`) or, while it is under way, `rows` placeholders. */
export function FirstReadState({
  read,
  copy,
  rows,
  rowHeight,
}: {
  read: FirstRead;
  copy: FirstReadCopy;
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

type ReadBodyProps<Data> = {
  read: FirstRead & { data: Data | undefined };
  copy: FirstReadCopy;
  rows: number;
  /** A Tailwind height class (`h-36`). */
  rowHeight: string;
  /** The EmptyStateCard shown when the answer lists nothing. */
  empty: ComponentProps<typeof EmptyStateCard>;
};

/** FirstReadState until the first answer; then the `empty` card when it lists nothing, else `children` of it. */
export function AdminReadBody<Data>({
  read,
  copy,
  rows,
  rowHeight,
  empty,
  isEmpty,
  children,
}: ReadBodyProps<Data> & { isEmpty: (data: Data) => boolean; children: (data: Data) => ReactNode }) {
  if (read.data === undefined)
    return <FirstReadState read={read} copy={copy} rows={rows} rowHeight={rowHeight} />;
  return isEmpty(read.data) ? <EmptyStateCard {...empty} /> : children(read.data);
}

/** An AdminReadBody of a list: a card per item, each a list item keyed by `keyOf`. */
export function AdminCardList<Item>({
  keyOf,
  renderCard,
  ...body
}: ReadBodyProps<readonly Item[]> & {
  keyOf: (item: Item) => string;
  renderCard: (item: Item) => ReactNode;
}) {
  return (
    <AdminReadBody {...body} isEmpty={(items) => items.length === 0}>
      {(items) => (
        <ul className="space-y-4">
          {items.map((item) => (
            <li key={keyOf(item)}>{renderCard(item)}</li>
          ))}
        </ul>
      )}
    </AdminReadBody>
  );
}
