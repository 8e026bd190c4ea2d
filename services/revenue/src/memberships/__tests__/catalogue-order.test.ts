/**
 * Which course catalogue the membership projection keeps: the highest `version`, so of two publications
 * stamped in the same millisecond the later one wins, and a lower one delivered late changes nothing;
 * catalogues sent before versions are compared by `publishedAt`.
 */
import { describe, expect, it } from '@jest/globals';
import type { CataloguePrice } from '@platform/contracts';
import { backings, useRevenue } from '../../__tests__/harness.js';
import { membershipProducts } from '../../db/schema.js';

const monthly = (id: string): CataloguePrice => ({
  id,
  name: id,
  price: 2_999,
  courseId: 1,
  interval: 'month',
  intervalCount: 1,
});

describe.each(backings())('the catalogue the membership figures read, on $name', (factory) => {
  const revenue = useRevenue(factory);

  const plans = async () =>
    (await revenue.service.deps.db.select().from(membershipProducts)).map((row) => row.productId).sort();
  const publish = (publishedAt: string, products: CataloguePrice[], version?: number) =>
    revenue.deliver('course.catalogue.published', {
      publishedAt,
      products,
      ...(version === undefined ? {} : { version }),
    });

  it('keeps the highest version, even of two stamped in the same millisecond', async () => {
    const at = '2031-04-01T10:00:00.000Z';
    await publish(at, [monthly('plan-a')], 5);
    await publish(at, [monthly('plan-a'), monthly('plan-b')], 6);
    expect(await plans()).toEqual(['plan-a', 'plan-b']);

    await publish('2031-04-01T10:05:00.000Z', [monthly('plan-c')], 4);
    expect(await plans()).toEqual(['plan-a', 'plan-b']);
  });

  it('compares a catalogue without a version by when it was published', async () => {
    await publish('2031-04-01T09:00:00.000Z', [monthly('plan-old')]);
    expect(await plans()).toEqual(['plan-a', 'plan-b']);
    await publish('2031-04-02T09:00:00.000Z', [monthly('plan-d')]);
    expect(await plans()).toEqual(['plan-d']);
  });
});
