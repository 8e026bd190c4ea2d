/** `course.catalogue.published` → the catalogue projection every order is priced from. */
import { defineSubscription } from '@platform/service-kit/events';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import { applyCatalogue } from '../catalogue/apply-catalogue.js';
import type { PaymentConfig } from '../config.js';

export function cataloguePublishedSubscription(deps: ServiceDeps<PaymentConfig>) {
  return defineSubscription({
    subject: 'course.catalogue.published',
    handler: async (event, { tx, logger }) => {
      const outcome = await applyCatalogue(tx, event.data, deps.clock.now());
      logger.info(
        { outcome, products: event.data.products.length, publishedAt: event.data.publishedAt },
        outcome === 'applied' ? 'catalogue projection updated' : 'older catalogue ignored',
      );
    },
  });
}
