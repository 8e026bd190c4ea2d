/**
 * Applies a `course.catalogue.published` event to the projection. Events may arrive twice or out of
 * order: the inbox drops a redelivery, and a catalogue older than (or as old as) the one applied changes
 * nothing, so the newest always wins. Newest by the course catalogue's `version` when both the event and
 * the one applied carry one (two publications may share a millisecond, or come from replicas whose clocks
 * differ); by `publishedAt` otherwise (events sent before versions).
 */
import { isNewerCatalogue, type CourseCataloguePublished } from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import { lockCatalogueState, replaceCatalogue } from './catalogue.repository.js';

export async function applyCatalogue(
  tx: Executor,
  catalogue: CourseCataloguePublished,
  now: Date,
): Promise<'applied' | 'stale'> {
  const publishedAt = new Date(catalogue.publishedAt);
  const version = catalogue.version ?? null;
  if (!isNewerCatalogue(catalogue, await lockCatalogueState(tx))) return 'stale';
  await replaceCatalogue(tx, catalogue.products, publishedAt, version, now);
  return 'applied';
}
