/** `revenue.share.due-changed` → the dues projection every revenue-share checkout is priced from. */
import { defineSubscription } from '@platform/service-kit/events';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { PaymentConfig } from '../config.js';
import { applyShareDue } from '../revenue-share/share-dues.repository.js';

export function shareDueChangedSubscription(deps: ServiceDeps<PaymentConfig>) {
  return defineSubscription({
    subject: 'revenue.share.due-changed',
    handler: async (event, { tx, logger }) => {
      const { reportId, sequence, amountDue, verified } = event.data;
      const applied = await applyShareDue(tx, event.data, deps.clock.now());
      logger.info(
        { reportId, sequence, amountDue, verified, applied },
        applied ? 'revenue share due projected' : 'older revenue share due ignored',
      );
    },
  });
}
