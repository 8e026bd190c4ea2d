/**
 * Lesson questions through the real service (docs/behaviour/member-learning.md#lesson-questions): a member
 * asks under an open lesson (never a locked one, never empty or with control characters), sees only their
 * own questions and published answers; the admin lists the open ones across the course, answers once (a
 * second or racing answer is 409, one event for one e-mail), and may publish the answer to every member.
 * A member asks at most COURSE_QUESTIONS_PER_HOUR questions an hour (the kit's request limits).
 */
import { describe, expect, it } from '@jest/globals';
import {
  AdminQuestionListSchema,
  AdminQuestionSchema,
  CourseQuestionAnsweredSchema,
  LessonQuestionListSchema,
  LessonQuestionSchema,
} from '@platform/contracts';
import { backings } from '../../__tests__/harness.js';
import { json, jsonRequest, user, type User, useSeededCourse } from '../../learning/__tests__/fixtures.js';

const ENROLLED_AT = new Date('2030-05-06T10:00:00.000Z');

describe.each(backings())('lesson questions on $name', (factory) => {
  const admin = user('admin');
  const { course, outline, clock, enrol } = useSeededCourse(factory, {
    at: ENROLLED_AT,
    env: { COURSE_QUESTIONS_PER_HOUR: '3' },
  });

  const post = (caller: User, path: string, body: unknown) =>
    course.requestAs(caller, path, jsonRequest(body));

  async function answeredEvents(questionId: string) {
    return (await course.events('course.question.answered'))
      .map((row) => CourseQuestionAnsweredSchema.parse(row.data))
      .filter((e) => e.questionId === questionId);
  }

  it('asks, answers once with one e-mail, and shows each member only what is theirs or published', async () => {
    const [asker, other] = [await enrol(), await enrol()];
    const lesson = outline.sections[0]!.lessons[2]!;
    const text = 'How many covers per server?\n<script>alert(1)</script>';
    const asked = await post(asker, `/api/lessons/${lesson.id}/questions`, { body: `  ${text}  ` });
    expect(asked.status).toBe(201);
    const question = LessonQuestionSchema.parse(await asked.json());
    expect(question).toMatchObject({ body: text, isOwn: true, answer: null, isPublished: false });
    clock.set(new Date(ENROLLED_AT.getTime() + 60_000));
    const second = LessonQuestionSchema.parse(
      await (await post(asker, `/api/lessons/${lesson.id}/questions`, { body: 'And the bar?' })).json(),
    );

    const listOf = async (caller: User) =>
      LessonQuestionListSchema.parse(
        await json(await course.requestAs(caller, `/api/lessons/${lesson.id}/questions`)),
      );
    expect((await listOf(asker)).map((item) => item.id)).toEqual([question.id, second.id]);
    expect(await listOf(other)).toEqual([]);

    // The admin's open list has it, with where it was asked and by whom.
    const open = AdminQuestionListSchema.parse(
      await json(await course.requestAs(admin, '/api/admin/questions')),
    );
    expect(open.find((item) => item.id === question.id)).toMatchObject({
      body: text,
      askerEmail: asker.email,
      lessonId: lesson.id,
      lessonTitle: lesson.title,
      moduleTitle: outline.sections[0]!.title,
      answer: null,
    });
    expect((await course.requestAs(asker, '/api/admin/questions')).status).toBe(403);

    // Answered twice at once: one wins, the other is told, one e-mail goes.
    const answers = await Promise.all(
      ['Two tables each.\n\nMore on Friday.', 'Another answer'].map((body) =>
        post(admin, `/api/admin/questions/${question.id}/answer`, { body, publish: true }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const won = answers.find((answer) => answer.status === 200)!;
    const answered = AdminQuestionSchema.parse(await won.json());
    expect(answered).toMatchObject({ isPublished: true });
    const loser = answers.find((answer) => answer.status === 409)!;
    expect(await loser.json()).toMatchObject({ message: 'This question has already been answered' });
    const events = await answeredEvents(question.id);
    expect(events).toEqual([
      expect.objectContaining({
        userId: asker.userId,
        email: asker.email,
        lessonId: lesson.id,
        question: text,
        answer: answered.answer,
      }),
    ]);

    // Published: the other member sees the question and answer, not whose it is; the second stays private.
    const seen = await listOf(other);
    expect(seen).toEqual([
      expect.objectContaining({ id: question.id, isOwn: false, answer: answered.answer }),
    ]);
    expect(JSON.stringify(seen)).not.toContain(asker.email);
    expect((await listOf(asker)).find((item) => item.id === question.id)).toMatchObject({ isOwn: true });

    const stillOpen = AdminQuestionListSchema.parse(
      await json(await course.requestAs(admin, '/api/admin/questions')),
    );
    expect(stillOpen.map((item) => item.id)).not.toContain(question.id);
    expect(stillOpen.map((item) => item.id)).toContain(second.id);
    const done = AdminQuestionListSchema.parse(
      await json(await course.requestAs(admin, '/api/admin/questions?status=answered')),
    );
    expect(done.map((item) => item.id)).toContain(question.id);
  });

  it('refuses a question under a locked lesson, an empty or unsafe one, and a bad answer, changing nothing', async () => {
    const asker = await enrol();
    const locked = outline.sections[3]!.lessons[1]!;
    expect((await post(asker, `/api/lessons/${locked.id}/questions`, { body: 'Early?' })).status).toBe(403);
    expect(
      (await post(user(), `/api/lessons/${outline.sections[0]!.lessons[3]!.id}/questions`, { body: 'Hi' }))
        .status,
    ).toBe(403);
    const lesson = outline.sections[0]!.lessons[0]!;
    for (const [body, message] of [
      [{ body: '   ' }, 'Please write your question'],
      [{}, 'Please write your question'],
      [{ body: 'bell\u0007' }, 'Please remove the unsupported characters (such as control characters).'],
      [{ body: 'x'.repeat(2001) }, 'Your question must be at most 2000 characters'],
    ] as const) {
      const refused = await post(asker, `/api/lessons/${lesson.id}/questions`, body);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ message });
    }
    expect(
      LessonQuestionListSchema.parse(
        await json(await course.requestAs(asker, `/api/lessons/${lesson.id}/questions`)),
      ),
    ).toEqual([]);
    expect((await post(asker, '/api/lessons/999999/questions', { body: 'Where?' })).status).toBe(404);

    const question = LessonQuestionSchema.parse(
      await (await post(asker, `/api/lessons/${lesson.id}/questions`, { body: 'Real one' })).json(),
    );
    const empty = await post(admin, `/api/admin/questions/${question.id}/answer`, { body: '' });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ message: 'Please write your answer' });
    expect((await post(admin, '/api/admin/questions/not-a-uuid/answer', { body: 'Hi' })).status).toBe(404);
    expect(
      (await post(admin, '/api/admin/questions/00000000-0000-4000-8000-000000000000/answer', { body: 'Hi' }))
        .status,
    ).toBe(404);
    expect(await answeredEvents(question.id)).toEqual([]);
    // Unpublished by default: nobody else sees it.
    const answered = await post(admin, `/api/admin/questions/${question.id}/answer`, { body: 'Yes.' });
    expect(AdminQuestionSchema.parse(await answered.json())).toMatchObject({
      answer: 'Yes.',
      isPublished: false,
    });
    const stranger = await enrol();
    expect(
      LessonQuestionListSchema.parse(
        await json(await course.requestAs(stranger, `/api/lessons/${lesson.id}/questions`)),
      ),
    ).toEqual([]);
  });

  it('refuses a member past their questions for the hour with 429, storing nothing, while others still ask', async () => {
    const [asker, other] = [await enrol(), await enrol()];
    const lesson = outline.sections[0]!.lessons[1]!;
    for (const n of [1, 2, 3]) {
      expect(
        (await post(asker, `/api/lessons/${lesson.id}/questions`, { body: `Question ${n}` })).status,
      ).toBe(201);
    }
    const refused = await post(asker, `/api/lessons/${lesson.id}/questions`, { body: 'Question 4' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ message: 'Too many requests. Please try again later.' });
    const mine = LessonQuestionListSchema.parse(
      await json(await course.requestAs(asker, `/api/lessons/${lesson.id}/questions`)),
    );
    expect(mine.map((item) => item.body).sort()).toEqual(['Question 1', 'Question 2', 'Question 3']);
    expect((await post(other, `/api/lessons/${lesson.id}/questions`, { body: 'Mine' })).status).toBe(201);
  });

  it('counts only the questions posted: refused ones leave the hour’s allowance whole', async () => {
    const asker = await enrol();
    const locked = outline.sections[3]!.lessons[1]!;
    const lesson = outline.sections[0]!.lessons[4]!;
    for (let i = 0; i < 3; i++) {
      expect((await post(asker, `/api/lessons/${locked.id}/questions`, { body: 'Early?' })).status).toBe(403);
    }
    expect((await post(asker, `/api/lessons/${lesson.id}/questions`, { body: '   ' })).status).toBe(400);
    expect((await post(asker, '/api/lessons/999999/questions', { body: 'Where?' })).status).toBe(404);
    for (const n of [1, 2, 3]) {
      expect(
        (await post(asker, `/api/lessons/${lesson.id}/questions`, { body: `Question ${n}` })).status,
      ).toBe(201);
    }
    expect((await post(asker, `/api/lessons/${lesson.id}/questions`, { body: 'Question 4' })).status).toBe(
      429,
    );
  });
});
