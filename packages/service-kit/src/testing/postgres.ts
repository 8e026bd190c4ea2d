/** A throwaway PostgreSQL database per test run, dropped afterwards, so runs never share data. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export function postgresUrlFromEnv(): string | undefined {
  return process.env.POSTGRES_URL || undefined;
}

export interface TestPostgresDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

export async function createTestPostgresDatabase(
  adminUrl: string,
  prefix = 't',
): Promise<TestPostgresDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
