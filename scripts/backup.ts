// `npm run backup -- [<archive>]`: one archive of every service's data (databases and stored objects),
// the site running or not, in either mode (packages/embedded/src/backup.ts). Written beside its final name
// and renamed once complete, so a failed run leaves no archive that looks whole.
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { backupSite } from '@platform/embedded';

const target = path.resolve(
  process.argv[2] ?? `backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`,
);
const partial = `${target}.partial`;
try {
  await backupSite(process.env, createWriteStream(partial, { flags: 'wx' }));
  await rename(partial, target);
  console.log(`Backup written to ${target}`);
} catch (error) {
  await rm(partial, { force: true });
  console.error(error instanceof Error && error.name === 'ConfigError' ? error.message : error);
  process.exitCode = 1;
}
