/** The ledger for the accountant: the reports, the customers and the audit trail as CSV files (the browser downloads them). */
import { Button } from '@platform/ui';

const FILES = [
  { href: '/api/admin/revenue-reports.csv', label: 'Download reports (CSV)' },
  { href: '/api/admin/revenue-customers.csv', label: 'Download customers (CSV)' },
  { href: '/api/admin/revenue-audit.csv', label: 'Download audit trail (CSV)' },
] as const;

export function CsvDownloads() {
  return (
    <div className="flex flex-wrap gap-2">
      {FILES.map((file) => (
        <Button key={file.href} asChild variant="outline" size="sm">
          <a href={file.href} download>
            {file.label}
          </a>
        </Button>
      ))}
    </div>
  );
}
