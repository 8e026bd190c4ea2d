/**
 * Applies a `course.catalogue.published` event to the projection. Events may arrive twice or out of
 * order: the inbox drops a redelivery, and a catalogue older than (or as old as) the one applied changes
 * nothing, so the newest by `publishedAt` always wins.
 */
import type { CourseCataloguePublished } from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import { lockCatalogueState, replaceCatalogue } from './catalogue.repository.js';

export async function applyCatalogue(
  tx: Executor,
  catalogue: CourseCataloguePublished,
  now: Date,
): Promise<'applied' | 'stale'> {
  const publishedAt = new Date(catalogue.publishedAt);
  const current = await lockCatalogueState(tx);
  if (current && current.getTime() >= publishedAt.getTime()) return 'stale';
  await replaceCatalogue(tx, catalogue.products, publishedAt, now);
  return 'applied';
}
