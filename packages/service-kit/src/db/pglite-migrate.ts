/** Applies a service's drizzle-kit migrations to a PGlite database (also how templates are filled). */
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

/** drizzle's journal of applied migrations, in the service's own schema (PostgreSQL and PGlite alike). */
export const MIGRATIONS_TABLE = '__drizzle_migrations';

export async function migratePgliteSchema(
  client: PGlite,
  schemaName: string,
  migrationsFolder: string,
): Promise<void> {
  await migrate(drizzle({ client }), {
    migrationsFolder,
    migrationsSchema: schemaName,
    migrationsTable: MIGRATIONS_TABLE,
  });
}
