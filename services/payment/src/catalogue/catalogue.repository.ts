/** Queries of the catalogue projection (`course.catalogue.published`). */
import { and, asc, eq, gt, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { CataloguePrice } from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import { catalogueProducts, catalogueState } from '../db/schema.js';

export type CatalogueProductRow = typeof catalogueProducts.$inferSelect;

const STATE_ROW = 1;

/** The newest catalogue applied (none yet: null), locking the state row for the transaction. */
export async function lockCatalogueState(
  tx: Executor,
): Promise<{ publishedAt: Date; version: number | null } | null> {
  await tx
    .insert(catalogueState)
    .values({ id: STATE_ROW, publishedAt: new Date(0), appliedAt: new Date(0) })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ publishedAt: catalogueState.publishedAt, version: catalogueState.version })
    .from(catalogueState)
    .where(eq(catalogueState.id, STATE_ROW))
    .for('update');
  return row && row.publishedAt.getTime() > 0 ? row : null;
}

export async function replaceCatalogue(
  tx: Executor,
  products: CataloguePrice[],
  publishedAt: Date,
  version: number | null,
  appliedAt: Date,
): Promise<void> {
  for (const product of products) {
    const values = {
      name: product.name,
      price: product.price,
      courseId: product.courseId,
      billingInterval: product.interval ?? null,
      billingIntervalCount: product.interval ? (product.intervalCount ?? 1) : null,
      isActive: true,
      publishedAt,
    };
    await tx
      .insert(catalogueProducts)
      .values({ id: product.id, ...values })
      .onConflictDoUpdate({ target: catalogueProducts.id, set: values });
  }
  const listed = products.map((product) => product.id);
  await tx
    .update(catalogueProducts)
    .set({ isActive: false })
    .where(
      listed.length === 0
        ? sql`true`
        : and(eq(catalogueProducts.isActive, true), notInArray(catalogueProducts.id, listed)),
    );
  await tx
    .update(catalogueState)
    .set({ publishedAt, version, appliedAt })
    .where(eq(catalogueState.id, STATE_ROW));
}

export async function findActiveProducts(db: Executor, ids: string[]): Promise<CatalogueProductRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(catalogueProducts)
    .where(and(inArray(catalogueProducts.id, ids), eq(catalogueProducts.isActive, true)));
}

export async function hasCatalogue(db: Executor): Promise<boolean> {
  const [row] = await db.select({ id: catalogueState.id }).from(catalogueState).limit(1);
  return Boolean(row);
}

/** The active one-time products that cost something (what a coupon can lower), by name. */
export async function listDiscountableProducts(
  db: Executor,
): Promise<Array<{ id: string; name: string; price: number }>> {
  return db
    .select({ id: catalogueProducts.id, name: catalogueProducts.name, price: catalogueProducts.price })
    .from(catalogueProducts)
    .where(
      and(
        eq(catalogueProducts.isActive, true),
        gt(catalogueProducts.price, 0),
        isNull(catalogueProducts.billingInterval),
      ),
    )
    .orderBy(asc(catalogueProducts.name));
}
