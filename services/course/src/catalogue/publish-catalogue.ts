/**
 * Tells the payment service what every product costs: `course.catalogue.published`, through the outbox,
 * with the active products of `GET /api/products` and the course itself (`COURSE_PRODUCT_ID`, at the
 * course's price). Sent at every start (and by whatever changes prices later); the payment service keeps
 * the newest (by the catalogue's `version`, by `publishedAt` for events without one), so a repeat changes
 * nothing.
 */
import { COURSE_PRODUCT_ID, type CataloguePrice } from '@platform/contracts';
import type { Clock } from '@platform/service-kit/clock';
import type { Executor } from '@platform/service-kit/db';
import { enqueueEvent } from '@platform/service-kit/events';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import { asc, eq } from 'drizzle-orm';
import { courses, outboxEvents } from '../db/schema.js';
import { listActiveProducts } from './catalogue.repository.js';
import { bumpCatalogueVersion } from './catalogue-version.js';

export async function publishCatalogue(deps: Pick<ServiceDeps, 'db' | 'clock' | 'logger'>) {
  const products = await deps.db.transaction((tx) => enqueueCataloguePublished(tx, deps.clock));
  deps.logger.info({ products: products.map((product) => product.id) }, 'published the catalogue prices');
}

/**
 * The same, inside the caller's transaction: the course studio publishes again with every change it
 * commits, so the announcement and the change commit (or roll back) together. It also moves the
 * catalogue's version on (catalogue-version.ts), so the public reads' validators follow the change; called
 * at the end of the caller's transaction, the version row is still the last lock it takes.
 *
 * The products are listed after the version row is taken, and the event carries that version: two
 * changes committed at once are then ordered, and the later one lists the earlier one's change too (listed
 * before, it would announce the other product's old price, and the payment service keeps the later one).
 */
export async function enqueueCataloguePublished(tx: Executor, clock: Clock): Promise<CataloguePrice[]> {
  const version = await bumpCatalogueVersion(tx);
  const listed: CataloguePrice[] = (await listActiveProducts(tx)).map((product) => ({
    id: product.id,
    name: product.name,
    price: product.price,
    courseId: product.courseId,
    // Only recurring products carry an interval (a one-time product's entry is as before).
    ...(product.billingInterval && product.billingIntervalCount
      ? { interval: product.billingInterval, intervalCount: product.billingIntervalCount }
      : {}),
  }));
  const [course] = await tx
    .select({ id: courses.id, title: courses.title, price: courses.price })
    .from(courses)
    .where(eq(courses.isPublished, true))
    .orderBy(asc(courses.id))
    .limit(1);
  if (course && !listed.some((product) => product.id === COURSE_PRODUCT_ID)) {
    listed.push({ id: COURSE_PRODUCT_ID, name: course.title, price: course.price, courseId: course.id });
  }
  await enqueueEvent(
    tx,
    outboxEvents,
    {
      type: 'course.catalogue.published',
      data: { products: listed, publishedAt: clock.now().toISOString(), version },
    },
    { clock },
  );
  return listed;
}
