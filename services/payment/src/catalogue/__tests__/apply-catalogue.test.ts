/** Which `course.catalogue.published` the projection keeps: the highest version, else the newest publishedAt. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { COURSE_PRODUCT_ID, type CourseCataloguePublished } from '@platform/contracts';
import { envelope, useBacking, waitFor } from '@platform/service-kit/testing';
import { eq } from 'drizzle-orm';
import { catalogueProducts, catalogueState, inboxEvents } from '../../db/schema.js';
import { CATALOGUE, backings, startPayment, type PaymentUnderTest } from '../../__tests__/harness.js';

describe.each(backings())('the catalogue projection on $name', (factory) => {
  let payment: PaymentUnderTest;

  useBacking(factory, async (backing) => (payment = await startPayment(backing)));

  /** Delivers a catalogue pricing the course at `price` and waits until the service has handled it. */
  const deliver = async (price: number, publishedAt: Date, version?: number) => {
    const data: CourseCataloguePublished = {
      products: CATALOGUE.map((product) =>
        product.id === COURSE_PRODUCT_ID ? { ...product, price } : product,
      ),
      publishedAt: publishedAt.toISOString(),
      ...(version === undefined ? {} : { version }),
    };
    const id = randomUUID();
    await payment.service.deps.bus.publish(envelope('course.catalogue.published', data, { id }));
    const { db } = payment.service.deps;
    await waitFor(
      async () => (await db.select().from(inboxEvents).where(eq(inboxEvents.eventId, id))).length,
      (handled) => handled > 0,
      `catalogue ${version ?? 'without a version'} to be handled`,
      15_000,
    );
  };
  const coursePrice = async () =>
    (
      await payment.service.deps.db
        .select({ price: catalogueProducts.price })
        .from(catalogueProducts)
        .where(eq(catalogueProducts.id, COURSE_PRODUCT_ID))
    )[0]?.price;

  it('applies two catalogues stamped in the same millisecond in the order of their versions', async () => {
    const at = new Date('2031-01-01T00:00:00.000Z');
    await deliver(70000, at, 5);
    expect(await coursePrice()).toBe(70000);
    await deliver(70600, at, 6);
    expect(await coursePrice()).toBe(70600);
    const [state] = await payment.service.deps.db.select().from(catalogueState);
    expect(state).toMatchObject({ publishedAt: at, version: 6 });
  });

  it('ignores a lower version delivered late, whatever its publishedAt', async () => {
    const at = new Date('2031-02-01T00:00:00.000Z');
    await deliver(71600, at, 16);
    await deliver(71500, new Date(at.getTime() + 1000), 15);
    expect(await coursePrice()).toBe(71600);
  });

  it('compares a catalogue without a version (sent before versions) by publishedAt', async () => {
    const at = new Date('2031-03-01T00:00:00.000Z');
    await deliver(72000, at, 20);
    await deliver(100, new Date(at.getTime() - 1000));
    expect(await coursePrice()).toBe(72000);
    await deliver(72100, new Date(at.getTime() + 1000));
    expect(await coursePrice()).toBe(72100);
  });
});
