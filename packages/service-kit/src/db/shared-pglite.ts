/**
 * One PGlite for every service of an embedded site, as the distributed mode has one PostgreSQL with a
 * schema per service (docs/decisions.md, 55). Each PGlite instance is a whole PostgreSQL in WebAssembly
 * (a couple of hundred megabytes resident, and initdb plus migrations on a fresh folder), so six of them made the embedded
 * site's footprint and start time; one holds the six schemas side by side.
 *
 * Isolation: each service owns its schema through a role of its own (`<schema>_service`, no login) and
 * every statement it sends runs under that role, so it cannot read or write another service's schema
 * ("permission denied for schema …"), as if it had its own database. PGlite has one session, so the
 * services take turns: a service's query or transaction waits for the one running to finish (PGlite
 * itself already runs one at a time), and the session switches role (`SET ROLE`, one cheap statement)
 * only when the turn passes to another service.
 *
 * Services of one process that open the same folder share the instance; it is closed when the last of
 * them closes. Those that start in the same turn of the event loop (the embedded runner starts all six at
 * once) are migrated together, so a new folder starts from one template holding every schema
 * (pglite-template.ts).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite, Results, Transaction as PgliteTransaction } from '@electric-sql/pglite';
import { Mutex } from 'async-mutex';
import { migratePgliteSchema } from './pglite-migrate.js';
import { newPglite } from './pglite-client.js';
import { initialiseInWorker, startFromTemplate } from './pglite-template.js';

export interface SharedSchema {
  schemaName: string;
  migrationsFolder: string;
}

interface Entry {
  /** Schemas named before the instance opened (a new folder's template holds them all). */
  schemas: SharedSchema[];
  ready: Promise<SharedPglite>;
  users: number;
}

const instances = new Map<string, Entry>();
/** Instances being closed: a new one on the same folder opens only after the old one has closed. */
const closing = new Map<string, Promise<void>>();

/** The role that owns a service's schema and runs its statements. */
export function serviceRole(schemaName: string): string {
  return `${schemaName}_service`;
}

/**
 * Opens (or joins) the PGlite instance of `dataDir`, creates the service's role and schema if they are
 * missing and applies its migrations under that role. The client answers as PGlite does (`query`, `exec`,
 * `transaction`, `listen`), always under the service's role.
 */
export async function joinSharedPglite(
  dataDir: string,
  schema: SharedSchema,
): Promise<{ client: ServicePglite; leave: () => Promise<void> }> {
  const folder = path.resolve(dataDir);
  let entry = instances.get(folder);
  if (!entry) {
    const schemas: SharedSchema[] = [];
    entry = { schemas, users: 0, ready: SharedPglite.open(folder, schemas) };
    instances.set(folder, entry);
    const opened = entry;
    opened.ready.catch(() => {
      if (instances.get(folder) === opened) instances.delete(folder);
    });
  }
  // Before the first await: every service starting in this turn is in the list when the folder opens.
  entry.schemas.push(schema);
  entry.users += 1;
  const joined = entry;
  let left = false;
  const leave = async () => {
    if (left) return;
    left = true;
    joined.users -= 1;
    if (joined.users > 0) return;
    if (instances.get(folder) === joined) instances.delete(folder);
    const closed = joined.ready
      .then((shared) => shared.close())
      .catch(() => {})
      .finally(() => {
        if (closing.get(folder) === closed) closing.delete(folder);
      });
    closing.set(folder, closed);
    await closed;
  };
  try {
    const shared = await joined.ready;
    await shared.addSchema(schema);
    return { client: new ServicePglite(shared, serviceRole(schema.schemaName)), leave };
  } catch (error) {
    await leave();
    throw error;
  }
}

class SharedPglite {
  private readonly turns = new Mutex();
  private role: string | null = null;

  private constructor(readonly pglite: PGlite) {}

  static async open(folder: string, schemas: SharedSchema[]): Promise<SharedPglite> {
    await closing.get(folder);
    // Let every service that starts in this turn name its schema first.
    await new Promise((resolve) => setImmediate(resolve));
    await mkdir(folder, { recursive: true });
    const named = [...schemas].sort((a, b) => a.schemaName.localeCompare(b.schemaName));
    await startFromTemplate(folder, {
      name: `shared-${named.map((schema) => schema.schemaName).join('+')}`,
      migrationsFolders: named.map((schema) => schema.migrationsFolder),
      layout: 'a role per schema',
      fill: async (client) => {
        for (const schema of named) await prepareSchema(client, schema);
      },
    });
    await initialiseInWorker(folder);
    const pglite = newPglite(folder);
    await pglite.waitReady;
    return new SharedPglite(pglite);
  }

  /** Creates the role and schema when missing and applies the migrations not yet applied. */
  async addSchema(schema: SharedSchema): Promise<void> {
    await this.turns.runExclusive(async () => {
      this.role = null;
      await prepareSchema(this.pglite, schema);
      this.role = serviceRole(schema.schemaName);
    });
  }

  /** Runs `work` on the session under `role`, when no other service's statement is running. */
  as<T>(role: string, work: (pglite: PGlite) => Promise<T>): Promise<T> {
    return this.turns.runExclusive(async () => {
      if (this.role !== role) {
        this.role = null;
        await this.pglite.exec(`SET ROLE ${quoteIdentifier(role)}`);
        this.role = role;
      }
      return work(this.pglite);
    });
  }

  async close(): Promise<void> {
    await this.turns.runExclusive(async () => {
      if (!this.pglite.closed) await this.pglite.close();
    });
  }
}

/**
 * As the database's owner: the service's role (no login, no rights beyond its schema and creating
 * schemas, which drizzle's migrator asks for), its schema owned by that role; then, under that role, its
 * migrations. Leaves the session under the service's role.
 */
async function prepareSchema(pglite: PGlite, schema: SharedSchema): Promise<void> {
  const role = serviceRole(schema.schemaName);
  await pglite.exec('RESET ROLE');
  await pglite.query(
    `DO $$ BEGIN
       IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${role}') THEN
         CREATE ROLE ${quoteIdentifier(role)} NOLOGIN;
       END IF;
       EXECUTE format('GRANT CREATE ON DATABASE %I TO %I', current_database(), '${role}');
     END $$`,
  );
  await pglite.exec(
    `CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(schema.schemaName)} AUTHORIZATION ${quoteIdentifier(role)}`,
  );
  await pglite.exec(`SET ROLE ${quoteIdentifier(role)}`);
  await migratePgliteSchema(pglite, schema.schemaName, schema.migrationsFolder);
}

/** Schema names are the services' own (`auth`, `course`, …); anything else is a wiring mistake. */
function quoteIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a schema or role name: ${name}`);
  return `"${name}"`;
}

/**
 * A service's view of the shared instance, shaped as the part of PGlite that drizzle and the wake-ups
 * use. Every call waits for its turn and runs under the service's role.
 */
export class ServicePglite {
  constructor(
    private readonly shared: SharedPglite,
    readonly role: string,
  ) {}

  get closed(): boolean {
    return this.shared.pglite.closed;
  }

  query<T>(query: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]): Promise<Results<T>> {
    return this.shared.as(this.role, (pglite) => pglite.query<T>(query, params, options));
  }

  exec(query: string, options?: Parameters<PGlite['exec']>[1]): Promise<Results[]> {
    return this.shared.as(this.role, (pglite) => pglite.exec(query, options));
  }

  transaction<T>(callback: (tx: PgliteTransaction) => Promise<T>): Promise<T> {
    return this.shared.as(this.role, (pglite) => pglite.transaction(callback));
  }

  /** LISTEN needs no rights; notifications reach every listener of the channel in this process. */
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    return this.shared.pglite.listen(channel, callback);
  }
}
