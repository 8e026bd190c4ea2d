// `npm run restore -- <archive>`: brings an archive of `npm run backup` back into an empty data folder,
// or empty databases and bucket, while the site is stopped (packages/embedded/src/backup.ts).
import { createReadStream } from 'node:fs';
import { restoreSite } from '@platform/embedded';

const archive = process.argv[2];
if (!archive) {
  console.error('Usage: npm run restore -- <archive>');
  process.exit(2);
}
try {
  const summary = await restoreSite(process.env, createReadStream(archive));
  const rows = Object.values(summary.services)
    .flatMap((service) => Object.values(service.tables))
    .reduce((sum, count) => sum + count, 0);
  const objects = summary.stores.reduce((sum, store) => sum + store.objects, 0);
  console.log(`Restored ${rows} rows and ${objects} files from the backup of ${summary.createdAt}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
