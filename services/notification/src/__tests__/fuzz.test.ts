/**
 * Hostile input never makes the notification service fail: its routes, fuzzed from their contracts
 * (fast-check), as a visitor, a member and the admin, answer below 500 and show no stack, SQL or path.
 */
import { describe, it } from '@jest/globals';
import { ListMailQuerySchema } from '@platform/contracts';
import { expectRoutesSurviveFuzzing, useBacking } from '@platform/service-kit/testing';
import {
  ADMIN,
  ANONYMOUS,
  backings,
  MEMBER,
  startNotification,
  type NotificationUnderTest,
} from './harness.js';

describe.each(backings())('notification under fuzzed input on $name', (factory) => {
  let notification: NotificationUnderTest;

  useBacking(factory, async (backing) => (notification = await startNotification(backing)));

  it('answers every route without a 5xx or a leak', async () => {
    await expectRoutesSurviveFuzzing(notification, {
      callers: { visitor: ANONYMOUS, member: MEMBER, admin: ADMIN },
      send: (caller, pathname, init) => notification.request(pathname, caller, init),
      numRuns: 80,
      minRoutes: 1,
      contracts: {
        'GET /api/admin/mail': { query: ListMailQuerySchema, queryExamples: [{ limit: '5' }] },
      },
    });
  }, 300_000);
});
