/**
 * Learning that proves itself (docs/behaviour/member-learning.md#certificates,
 * docs/behaviour/member-learning.md#lesson-questions, docs/behaviour/admin.md#learners), against the embedded
 * site: the admin unlocks every section for a new member with a reason; the member finishes the course,
 * gets the certificate by e-mail and on the dashboard, and its public page verifies it to a signed-out
 * visitor (an unknown id says so). A member asks a question under a lesson, the admin answers it from
 * /admin/questions, and the member gets the answer by e-mail and under the lesson; both the question and the
 * answer are written and sent with the keyboard alone. The admin restarts a learner's schedule with a reason:
 * the sections the learner completed stay open and completed, the others wait for their day again. Each page
 * at 1280 px and, in the @phone project, 390 px, with axe.
 */
import { expect, test } from '@playwright/test';
import { becomeCourseMember, signInAdminPage, uniqueEmail } from '../helpers/accounts.js';
import { waitForMail } from '../helpers/mail-peer.js';
import { expectNoSeriousA11yViolations, screenshotBoth } from '../helpers/page-checks.js';
import { expectToast, toastRegion } from '../helpers/toasts.js';
import { enrolledCourse } from '../helpers/course.js';

test(
  'the admin unlocks a member, who finishes the course and gets a certificate that verifies publicly',
  { tag: '@phone' },
  async ({ page, browser }, testInfo) => {
    test.setTimeout(180_000);
    const email = uniqueEmail('learn', 'certificate');
    await becomeCourseMember(page, email);
    const before = await enrolledCourse(page.request);
    expect(before.sections.filter((section) => section.isAvailable)).toHaveLength(1);

    // The admin opens every section for this member, with a reason.
    const admin = await signInAdminPage(browser);
    await admin.goto('/admin/learners');
    const learner = admin.getByTestId('admin-learner').filter({ hasText: email });
    await expect(learner).toHaveCount(1);
    await expect(learner.getByTestId('learner-progress')).toHaveText('0 of 8 sections completed');
    await learner.getByRole('button', { name: 'Unlock all sections' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Unlock every section?' });
    await dialog.getByRole('button', { name: 'Unlock all' }).click();
    await expect(dialog.getByText('Please give a reason')).toBeVisible();
    await dialog.getByLabel('Reason').fill('New head chef starts Monday');
    await dialog.getByRole('button', { name: 'Unlock all' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(learner.getByText('Every section open')).toBeVisible();
    await expect(learner).toContainText('Unlocked all sections: New head chef starts Monday');
    await expectNoSeriousA11yViolations(admin, testInfo, 'admin-learners');
    await screenshotBoth(admin, testInfo, 'admin-learners');

    // The member finishes every section; the certificate comes by e-mail and on the dashboard.
    const after = await enrolledCourse(page.request);
    expect(after.sections.every((section) => section.isAvailable)).toBe(true);
    for (const section of after.sections) {
      const done = await page.request.post(`/api/modules/${section.id}/complete`);
      expect(done.ok(), await done.text()).toBe(true);
    }
    const mail = await waitForMail(email, {
      where: (message) => message.subject.startsWith('Your certificate:'),
      timeoutMs: 30_000,
    });
    const id = /\/certificates\/([A-Za-z0-9_-]{22})/.exec(mail.text)?.[1];
    expect(id).toBeDefined();
    expect(mail.text).toContain(`/api/certificates/${id}/pdf`);

    await page.goto('/dashboard');
    const certificate = page.getByRole('region', { name: 'Your Certificate' });
    await expect(certificate).toBeVisible({ timeout: 15_000 });
    await expect(certificate.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      `/api/certificates/${id}/pdf`,
    );
    const pdf = await page.request.get(`/api/certificates/${id}/pdf`);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await screenshotBoth(page, testInfo, 'dashboard-certificate');

    // A visitor who was given the address sees it verified; an unknown id is not found.
    const visitor = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
    await visitor.goto(`/certificates/${id}`);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Certificate of Completion' })).toBeVisible();
    await expect(visitor.getByText('Verified certificate')).toBeVisible();
    await expect(visitor.getByTestId('certificate-name')).toHaveText('Maria Lopez');
    await expect(visitor.getByTestId('certificate-statement')).toContainText('Maria Lopez completed');
    await expectNoSeriousA11yViolations(visitor, testInfo, 'certificate-page');
    await screenshotBoth(visitor, testInfo, 'certificate-page');
    await visitor.goto('/certificates/AAAAAAAAAAAAAAAAAAAAAA');
    await expect(visitor.getByRole('heading', { name: 'Certificate Not Found' })).toBeVisible();
    await visitor.close();
    await admin.context().close();
  },
);

test(
  'a member asks under a lesson, the admin answers, and the answer arrives by e-mail and on the lesson',
  {
    tag: '@phone',
  },
  async ({ page, browser }, testInfo) => {
    test.setTimeout(150_000);
    const email = uniqueEmail('learn', 'question');
    await becomeCourseMember(page, email);
    const { sections } = await enrolledCourse(page.request);
    const lessons = (await (
      await page.request.get(`/api/modules/${sections[0]!.id}/lessons`)
    ).json()) as Array<{
      id: number;
    }>;
    const lessonId = lessons[1]!.id;
    const question = `How many covers per server on a Friday? ${email} <b>not bold</b>`;

    await page.goto(`/lessons/${lessonId}`);
    const questions = page.getByRole('region', { name: 'Questions' });
    // Other runs' published answers may be there already; this member has asked nothing yet.
    await expect(questions.getByTestId('lesson-question').filter({ hasText: 'Your question' })).toHaveCount(
      0,
    );
    const ask = questions.getByRole('button', { name: 'Ask' });
    await ask.click();
    await expect(questions.getByText('Please write your question')).toBeVisible();
    // The refusal puts the cursor in the field; the keyboard alone writes and sends the question.
    await expect(questions.getByLabel('Your question')).toBeFocused();
    await page.keyboard.insertText(question);
    await page.keyboard.press('Tab');
    await expect(ask).toBeFocused();
    await page.keyboard.press('Enter');
    await expectToast(page, 'Question sent');
    const asked = questions.getByTestId('lesson-question').filter({ hasText: email });
    await expect(asked).toContainText(question);
    await expect(asked).toContainText('Waiting for an answer');
    await expectNoSeriousA11yViolations(page, testInfo, 'lesson-questions');

    const admin = await signInAdminPage(browser);
    await admin.goto('/admin/questions');
    const item = admin.getByTestId('admin-question').filter({ hasText: email });
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(question);
    // From the answer field on, the keyboard alone: Enter is a new line there, Space ticks the box.
    await item.getByLabel('Your answer').click();
    await admin.keyboard.insertText('Two tables each.');
    await admin.keyboard.press('Enter');
    await admin.keyboard.insertText('Three on a busy Friday.');
    await admin.keyboard.press('Tab');
    const publish = item.getByLabel(/Publish this answer to every member/);
    await expect(publish).toBeFocused();
    await admin.keyboard.press('Space');
    await expect(publish).toBeChecked();
    await admin.keyboard.press('Tab');
    await expect(item.getByRole('button', { name: 'Send answer' })).toBeFocused();
    await expectNoSeriousA11yViolations(admin, testInfo, 'admin-questions');
    await screenshotBoth(admin, testInfo, 'admin-questions');
    await admin.keyboard.press('Enter');
    await expectToast(admin, 'Answer sent');
    await expect(admin.getByTestId('admin-question').filter({ hasText: email })).toHaveCount(0);
    await admin.getByRole('button', { name: 'Answered' }).click();
    await expect(admin.getByTestId('admin-question').filter({ hasText: email })).toContainText('Published');

    const mail = await waitForMail(email, {
      where: (message) => message.subject.includes('was answered'),
      timeoutMs: 30_000,
    });
    expect(mail.text).toContain('Two tables each.');
    expect(mail.text).toContain(`/lessons/${lessonId}`);
    expect(mail.html).not.toContain('<b>not bold</b>');

    await page.reload();
    await expect(asked.getByTestId('lesson-answer')).toHaveText('Two tables each.\nThree on a busy Friday.');
    await questions.scrollIntoViewIfNeeded();
    await screenshotBoth(page, testInfo, 'lesson-questions');
    await admin.context().close();
  },
);

test(
  'the admin restarts a learner’s schedule: what they completed stays completed, the rest waits again',
  { tag: '@phone' },
  async ({ page, browser }, testInfo) => {
    test.setTimeout(150_000);
    const email = uniqueEmail('learn', 'restart');
    await becomeCourseMember(page, email);
    const { id: userId } = (await (await page.request.get('/api/auth/user')).json()) as { id: string };

    // Set-up through the API the admin's page calls (the page's unlock is the first test's): every section
    // open, and the member completes the first three.
    const admin = await signInAdminPage(browser);
    const unlocked = await admin.request.post(`/api/admin/learners/${userId}/unlock-all`, {
      data: { reason: 'Trial week for the new kitchen' },
    });
    expect(unlocked.status(), await unlocked.text()).toBe(200);
    const { sections } = await enrolledCourse(page.request);
    expect(sections.every((section) => section.isAvailable)).toBe(true);
    for (const section of sections.slice(0, 3)) {
      const done = await page.request.post(`/api/modules/${section.id}/complete`);
      expect(done.ok(), await done.text()).toBe(true);
    }

    await admin.goto('/admin/learners');
    const learner = admin.getByTestId('admin-learner').filter({ hasText: email });
    await expect(learner.getByTestId('learner-progress')).toHaveText('3 of 8 sections completed');
    await expect(learner.getByText('Every section open')).toBeVisible();
    await learner.getByRole('button', { name: 'Restart schedule' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Restart this learner’s schedule?' });
    await dialog.getByRole('button', { name: 'Restart schedule' }).click();
    await expect(dialog.getByText('Please give a reason')).toBeVisible();
    await dialog.getByLabel('Reason').fill('Back from leave: one section a day again');
    await dialog.getByRole('button', { name: 'Restart schedule' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(toastRegion(admin).getByText('The schedule starts again from now.')).toBeVisible();
    await expect(learner.getByText(/^Schedule restarted /)).toBeVisible();
    await expect(learner.getByText('Every section open')).toHaveCount(0);
    await expect(learner.getByTestId('learner-progress')).toHaveText('3 of 8 sections completed');
    const history = learner.getByRole('region', { name: /^History: / });
    await expect(history.getByRole('listitem')).toHaveText([
      /Restarted the schedule: Back from leave: one section a day again$/,
      /Unlocked all sections: Trial week for the new kitchen$/,
    ]);
    await expectNoSeriousA11yViolations(admin, testInfo, 'admin-learner-restarted');
    await screenshotBoth(admin, testInfo, 'admin-learner-restarted');

    // The member keeps the three sections they completed; the rest wait for their day from now.
    const after = await enrolledCourse(page.request);
    expect(after.sections.map(({ isAvailable, isCompleted }) => ({ isAvailable, isCompleted }))).toEqual([
      ...Array.from({ length: 3 }, () => ({ isAvailable: true, isCompleted: true })),
      ...Array.from({ length: 5 }, () => ({ isAvailable: false, isCompleted: false })),
    ]);
    await admin.context().close();
  },
);
