/**
 * What the ledger's lists (reports, customers) share: a table on a wide screen and a card per row on a
 * phone, the fixed words in a dashed box when there is nothing to list, the table's headings and number
 * cells, a card's figures, and the person a row is about.
 */
import type { ReactNode } from 'react';
import { cn } from '@platform/ui';
import { useWideLayout } from '../hooks/use-wide-layout';
import { EmptyState } from './empty-state';

/** A column of a ledger table: its heading, and whether it holds figures (set to the right). */
export type LedgerColumn = { name: string; numeric?: boolean };

/**
 * The list named `label`: `empty` when there are no rows; else `table` on a wide screen, and on a phone a
 * card per row, each a list item.
 */
export function LedgerList<Row extends { id: string }>({
  label,
  empty,
  rows,
  table,
  renderCard,
}: {
  label: string;
  empty: string;
  rows: readonly Row[];
  table: ReactNode;
  renderCard: (row: Row) => ReactNode;
}) {
  const wide = useWideLayout();
  if (rows.length === 0) return <EmptyState>{empty}</EmptyState>;
  if (wide) return table;
  return (
    <ul className="grid gap-3" aria-label={label}>
      {rows.map((row) => (
        <li key={row.id}>{renderCard(row)}</li>
      ))}
    </ul>
  );
}

/** The table, named `label` for assistive technology, with a heading per column; `children` are its rows. */
export function LedgerTable({
  label,
  columns,
  children,
}: {
  label: string;
  columns: readonly LedgerColumn[];
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full border-collapse text-sm" aria-label={label}>
        <thead className="bg-muted/50">
          <tr>
            {columns.map(({ name, numeric = false }) => (
              <th
                key={name}
                scope="col"
                className={cn(
                  'px-3 py-2 text-xs font-medium whitespace-nowrap text-muted-foreground',
                  numeric ? 'text-right' : 'text-left',
                )}
              >
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A cell of figures (money, counts), set to the right in even digits. */
export function NumberCell({ children, wrap = false }: { children: ReactNode; wrap?: boolean }) {
  return (
    <td className={cn('px-3 py-3 text-right', !wrap && 'whitespace-nowrap', 'tabular-nums')}>{children}</td>
  );
}

/** A card's figures, two to a line; `first` stands before them. */
export function LedgerFigures({
  figures,
  valueClassName,
  first,
}: {
  figures: readonly [string, string][];
  /** The value's classes beside `font-medium tabular-nums`. */
  valueClassName?: string;
  first?: ReactNode;
}) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
      {first}
      {figures.map(([term, value]) => (
        <div key={term} className="min-w-0">
          <dt className="text-xs text-muted-foreground">{term}</dt>
          <dd className={cn('font-medium', valueClassName, 'tabular-nums')}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Whom a row is about: the name, then the e-mail address in small print. */
export function LedgerPerson({ name, email }: { name: string; email: string }) {
  return (
    <>
      <span className="block font-medium break-words">{name}</span>
      <span className="block text-xs break-all text-muted-foreground">{email}</span>
    </>
  );
}
