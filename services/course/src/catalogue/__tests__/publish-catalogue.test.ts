/** At start the course service tells the payment service what every product costs. */
import { describe, expect, it } from '@jest/globals';
import type { Executor } from '@platform/service-kit/db';
import { interleave, useBacking } from '@platform/service-kit/testing';
import { COURSE_PRODUCT_ID, CourseCataloguePublishedSchema } from '@platform/contracts';
import { asc, eq } from 'drizzle-orm';
import { courses, products } from '../../db/schema.js';
import { backings, startCourse, type CourseUnderTest } from '../../__tests__/harness.js';
import { enqueueCataloguePublished } from '../publish-catalogue.js';

describe.each(backings())('publishing the catalogue on $name', (factory) => {
  let course: CourseUnderTest;

  const suite = useBacking(factory, async (backing) => (course = await startCourse(backing)));

  const published = async () =>
    (await course.events('course.catalogue.published')).map((row) =>
      CourseCataloguePublishedSchema.parse(row.data),
    );

  it('publishes every product it sells and the course itself, with their prices in cents', async () => {
    const [course1] = await course.service.deps.db.select().from(courses).orderBy(asc(courses.id)).limit(1);
    const events = await published();
    expect(events).toHaveLength(1);
    const prices = events[0]!.products;
    // The four products of /services, and the course itself (the course-purchase flow).
    expect(prices.slice(0, 4)).toEqual([
      { id: 'restaurant-consultation', name: 'Restaurant Consultation', price: 69700, courseId: course1!.id },
      { id: 'menu-optimization', name: expect.any(String), price: 0, courseId: null },
      { id: 'staff-training', name: expect.any(String), price: 0, courseId: null },
      { id: 'restaurant-marketing', name: expect.any(String), price: 0, courseId: null },
    ]);
    expect(prices.at(-1)).toEqual({
      id: COURSE_PRODUCT_ID,
      name: 'Restaurant Management Mastery',
      price: 69700,
      courseId: course1!.id,
    });
    // Every active product is there at its stored price, listed on /services or not.
    const active = await course.service.deps.db.select().from(products).where(eq(products.isActive, true));
    for (const product of active) {
      expect(prices.find((entry) => entry.id === product.id)).toEqual({
        id: product.id,
        name: product.name,
        price: product.price,
        courseId: product.courseId,
        ...(product.billingInterval
          ? { interval: product.billingInterval, intervalCount: product.billingIntervalCount }
          : {}),
      });
    }
    // The membership plans are recurring: month×1, month×3, year×1.
    expect(
      prices
        .filter((entry) => entry.interval)
        .map(({ id, interval, intervalCount }) => ({ id, interval, intervalCount })),
    ).toEqual([
      { id: 'membership-monthly', interval: 'month', intervalCount: 1 },
      { id: 'membership-quarterly', interval: 'month', intervalCount: 3 },
      { id: 'membership-annual', interval: 'year', intervalCount: 1 },
    ]);
    expect(prices).toHaveLength(active.length + 1);
    // The prices are the ones GET /api/products shows.
    const listed = (await (await course.request('/api/products')).json()) as {
      products: Array<{ id: string; price: number }>;
    };
    for (const product of listed.products) {
      expect(prices.find((entry) => entry.id === product.id)?.price).toBe(product.price);
    }
  });

  it('publishes again at every start, at a higher version (the payment service keeps the newest)', async () => {
    await course.stop();
    course = await startCourse(suite.backing);
    const events = await published();
    expect(events).toHaveLength(2);
    expect(Date.parse(events[1]!.publishedAt)).toBeGreaterThanOrEqual(Date.parse(events[0]!.publishedAt));
    // The catalogue's version orders them even within one millisecond.
    expect(events[1]!.version).toBeGreaterThan(events[0]!.version!);
    expect(events[1]!.products).toEqual(events[0]!.products);
  });

  if (factory.name.startsWith('PostgreSQL')) {
    it('announces both of two price changes committed at once, in the later publication', async () => {
      const { db, clock } = course.service.deps;
      const changePrice = (id: string, price: number) => async (tx: Executor) => {
        await tx.update(products).set({ price }).where(eq(products.id, id));
        await enqueueCataloguePublished(tx, clock);
      };
      const before = (await published()).length;
      // The second change lists the products while the first holds the catalogue version's row.
      await interleave(
        db,
        changePrice('restaurant-consultation', 70100),
        changePrice('menu-optimization', 1500),
      );
      const raced = (await published()).slice(before);
      expect(raced).toHaveLength(2);
      const priceOf = (event: (typeof raced)[number], id: string) =>
        event.products.find((product) => product.id === id)?.price;
      // The payment service keeps the publication with the higher version: it must carry both changes.
      const [earlier, later] = [...raced].sort((a, b) => (a.version ?? 0) - (b.version ?? 0));
      expect([priceOf(later!, 'restaurant-consultation'), priceOf(later!, 'menu-optimization')]).toEqual([
        70100, 1500,
      ]);
      expect(later!.version).toBeGreaterThan(earlier!.version!);
    });
  }
});
