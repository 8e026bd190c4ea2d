/**
 * Learning nudges over a real SMTP peer (docs/behaviour/member-learning.md#nudges): a section unlocked and
 * a week away each send one e-mail with `List-Unsubscribe` and `List-Unsubscribe-Post`; the one-click POST
 * of that header turns its kind off without signing in (the next nudge of that kind queues nothing, the other
 * kind still goes); the signed-in learner reads and changes both; bad tokens and kinds change nothing.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { Caller } from '@platform/contracts';
import { ANONYMOUS, backings, envelope } from '../../__tests__/harness.js';
import { useMailSuite } from '../../__tests__/mail-suite.js';

const BASE_URL = 'https://learn.example.com';

/** A header as it went over the wire (mailparser reads List-* headers into objects). */
function headerLine(
  mail: { parsed: { headerLines: ReadonlyArray<{ key: string; line: string }> } },
  key: string,
) {
  return mail.parsed.headerLines.find((line) => line.key === key)?.line ?? '';
}

describe.each(backings())('learning nudges on $name', (factory) => {
  const { peer, notification, sendTwice } = useMailSuite(factory, { PUBLIC_BASE_URL: BASE_URL });

  const learner = () => {
    const userId = randomUUID();
    const email = `learner-${randomBytes(3).toString('hex')}@example.com`;
    const caller: Caller = { kind: 'user', userId, email, role: 'user' };
    return { userId, email, caller };
  };
  const unlocked = (who: { userId: string; email: string }) =>
    envelope('course.sections.unlocked', {
      userId: who.userId,
      email: who.email,
      firstName: 'Ana',
      courseId: 1,
      courseTitle: 'Restaurant Management Mastery',
      sections: [{ id: 12, title: 'Kitchen Flow' }],
      unlockedAt: '2030-06-04T08:00:00.000Z',
    });
  const inactive = (who: { userId: string; email: string }) =>
    envelope('course.learner.inactive', {
      userId: who.userId,
      email: who.email,
      firstName: 'Ana',
      courseId: 1,
      courseTitle: 'Restaurant Management Mastery',
      lastActiveAt: '2030-06-04T08:00:00.000Z',
      resumeLessonId: 31,
    });

  it('sends each nudge once with one-click unsubscribe, which stops that kind only', async () => {
    const ana = learner();
    const first = unlocked(ana);
    const [mail] = await sendTwice(first);
    expect(mail!.parsed.subject).toBe('New section unlocked: Kitchen Flow');
    expect(mail!.parsed.text).toContain(`${BASE_URL}/module/12`);
    const header = headerLine(mail!, 'list-unsubscribe');
    const oneClick =
      /<(https:\/\/learn\.example\.com\/api\/unsubscribe\/[A-Za-z0-9_-]{43}\?kind=section-unlocked)>/.exec(
        header,
      )?.[1];
    expect(oneClick).toBeDefined();
    expect(headerLine(mail!, 'list-unsubscribe-post')).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
    const token = /unsubscribe\/([A-Za-z0-9_-]{43})/.exec(oneClick!)![1]!;
    expect(mail!.parsed.text).toContain(`${BASE_URL}/unsubscribe/${token}?kind=section-unlocked`);
    expect(peer.received).toHaveLength(1);

    // The mail client's one-click: a form POST with no session.
    const path = `/api/unsubscribe/${token}?kind=section-unlocked`;
    expect(await (await notification.request(path, ANONYMOUS)).json()).toEqual({
      kind: 'section-unlocked',
      unsubscribed: false,
    });
    const clicked = await notification.request(path, ANONYMOUS, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.status).toBe(200);
    expect(await clicked.json()).toEqual({ kind: 'section-unlocked', unsubscribed: true });

    const second = unlocked(ana);
    await notification.publish(second);
    expect(await notification.messagesFor(second.id)).toEqual([]);
    const away = inactive(ana);
    await notification.publish(away);
    const [, reminder] = await peer.waitForMail(2);
    expect(reminder!.parsed.subject).toBe('Pick up where you left off in Restaurant Management Mastery');
    expect(reminder!.parsed.text).toContain(`${BASE_URL}/lessons/31`);
    expect(headerLine(reminder!, 'list-unsubscribe')).toContain(`${token}?kind=inactivity`);
    const prefs = await notification.request('/api/notification-preferences', ana.caller);
    expect(await prefs.json()).toEqual({ sectionUnlocked: false, inactivity: true });
  });

  it('lets the signed-in learner change both, and refuses bad tokens, kinds and bodies', async () => {
    const ben = learner();
    const put = (body: unknown) =>
      notification.request('/api/notification-preferences', ben.caller, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect(await (await notification.request('/api/notification-preferences', ben.caller)).json()).toEqual({
      sectionUnlocked: true,
      inactivity: true,
    });
    expect((await notification.request('/api/notification-preferences', ANONYMOUS)).status).toBe(401);
    const bad = await put({ sectionUnlocked: 'no', inactivity: true });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: 'Please choose on or off' });
    const saved = await put({ sectionUnlocked: true, inactivity: false });
    expect(await saved.json()).toEqual({ sectionUnlocked: true, inactivity: false });
    const away = inactive(ben);
    await notification.publish(away);
    expect(await notification.messagesFor(away.id)).toEqual([]);

    const unknown = `/api/unsubscribe/${'A'.repeat(43)}?kind=inactivity`;
    expect((await notification.request(unknown, ANONYMOUS, { method: 'POST' })).status).toBe(404);
    expect((await notification.request('/api/unsubscribe/short?kind=inactivity', ANONYMOUS)).status).toBe(
      404,
    );
    const kind = await notification.request(`/api/unsubscribe/${'A'.repeat(43)}?kind=everything`, ANONYMOUS);
    expect(kind.status).toBe(400);
    expect(await kind.json()).toMatchObject({ message: 'Unknown kind of e-mail' });
  });
});
