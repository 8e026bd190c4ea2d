/**
 * Hostile input never makes the course service fail: every route, fuzzed from its contract (fast-check),
 * as a visitor, an enrolled member and an admin, answers below 500 and shows no stack, SQL or path.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { SaveLessonPositionRequestSchema, type Caller } from '@platform/contracts';
import { fuzzRoutes, useBacking } from '@platform/service-kit/testing';
import { backings, startCourse, type CourseUnderTest } from './harness.js';

describe.each(backings())('course under fuzzed input on $name', (factory) => {
  let course: CourseUnderTest;
  const member: Caller & { kind: 'user' } = {
    kind: 'user',
    userId: randomUUID(),
    email: 'member-fuzz@example.com',
    role: 'user',
  };

  useBacking(factory, async (backing) => {
    course = await startCourse(backing);
    const now = new Date().toISOString();
    await course.deliver({
      id: randomUUID(),
      type: 'auth.member.granted',
      version: 1,
      occurredAt: now,
      data: {
        userId: member.userId,
        email: member.email,
        firstName: 'Ana',
        orderId: randomUUID(),
        courseIds: [1],
        isNewAccount: false,
        setPassword: null,
        grantedAt: now,
      },
    });
    return course;
  });

  it('answers every route without a 5xx or a leak', async () => {
    // Real ids of the seeded course (and the largest id a path takes), so requests reach past "not found".
    const withIds = { params: { id: ['1', '2', '3', '2147483647'] } };
    const report = await fuzzRoutes({
      service: course.service,
      callers: {
        visitor: { kind: 'anonymous' },
        member,
        admin: { kind: 'user', userId: randomUUID(), email: 'admin@localhost', role: 'admin' },
      },
      send: (caller, pathname, init) => course.requestAs(caller, pathname, init),
      logs: course.logs,
      numRuns: 30,
      contracts: {
        'GET /api/products/:id': { params: { id: ['restaurant-consultation', 'menu-optimization'] } },
        'GET /api/products/images/:file': { params: { file: ['restaurant-consultation.svg'] } },
        'GET /api/demo-video/:file': { params: { file: ['introduction.mp4', 'free-preview-1.mp4'] } },
        'POST /api/courses/:id/enroll': withIds,
        'GET /api/courses/:id': withIds,
        'GET /api/courses/:id/available-modules': withIds,
        'GET /api/courses/:id/modules': withIds,
        'GET /api/modules/:id': withIds,
        'GET /api/modules/:id/lessons': withIds,
        'POST /api/modules/:id/unlock-notice': withIds,
        'POST /api/modules/:id/complete': withIds,
        'GET /api/lessons/:id': withIds,
        'GET /api/lessons/:id/navigation': withIds,
        'POST /api/lessons/:id/complete': withIds,
        'GET /api/video-stream/:file': { params: { file: ['member-lesson.mp4', 'member-lesson.vtt'] } },
        'GET /video-stream/:file': { params: { file: ['member-lesson.mp4'] } },
        'PUT /api/lessons/:id/progress': {
          ...withIds,
          body: SaveLessonPositionRequestSchema,
          examples: [{ positionSeconds: 42 }],
        },
      },
    });
    expect(report.unknownContracts).toEqual([]);
    expect(report.routes.length).toBeGreaterThanOrEqual(18);
    expect(report.failures).toEqual([]);
    expect((await fetch(`${course.service.url}/healthz`)).status).toBe(200);
  }, 300_000);
});
