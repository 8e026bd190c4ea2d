/**
 * The lesson page's way through the course (docs/behaviour/member-learning.md#lesson-page), against the
 * embedded site, for a member who bought the course today in a far time zone: previous and next lessons
 * under each lesson, crossing into the next section, where a lesson not open yet shows as locked with the
 * moment it opens in the member's local time; and a locked lesson's own address says it is locked, when it
 * opens and the way back, rather than 'Lesson Not Found'. Axe and screenshots on a desktop and a phone.
 */
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Locator } from '@playwright/test';
import { becomeCourseMember, uniqueEmail } from '../helpers/accounts.js';
import { expectNoSeriousA11yViolations, screenshotBoth } from '../helpers/page-checks.js';
import { enrolledCourse, type CourseSection } from '../helpers/course.js';

/** UTC+14: the unlock moment falls on another calendar day here than in UTC, so local time shows. */
const TIME_ZONE = 'Pacific/Kiritimati';
test.use({ timezoneId: TIME_ZONE, locale: 'en-US' });

type Lesson = { id: number; title: string; isLocked: boolean };

/** As the pages write a day and time ('Jun 13, 2030, 6:20 AM'), in the member's zone. */
function localDateTime(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE })
    .format(new Date(iso))
    .replace(/\s/g, ' ');
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function textOf(locator: Locator): Promise<string> {
  return (await locator.innerText()).replace(/\s+/g, ' ').trim();
}

async function courseOutline(request: APIRequestContext) {
  const { sections } = await enrolledCourse(request);
  const lessonsOf = async (section: CourseSection) =>
    (await (await request.get(`/api/modules/${section.id}/lessons`)).json()) as Lesson[];
  return { sections, first: await lessonsOf(sections[0]!), second: await lessonsOf(sections[1]!) };
}

test(
  'a lesson links to the lessons around it, and a locked lesson says when it opens',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    test.setTimeout(150_000);
    await becomeCourseMember(page, uniqueEmail('learn', 'navigate'));
    const { sections, first, second } = await courseOutline(page.request);
    const [section1, section2] = sections;
    expect(section2!.isAvailable).toBe(false);
    const opensAt = localDateTime(section2!.unlockDate!);

    // A lesson in the middle: both neighbours are links, and they lead there.
    const middle = first[6]!;
    await page.goto(`/lessons/${middle.id}`);
    await expect(page.getByRole('heading', { level: 1, name: middle.title })).toBeVisible();
    const pager = page.getByRole('navigation', { name: 'Previous and next lessons' });
    const previous = pager.getByRole('link', {
      name: new RegExp(`Previous lesson.*${escaped(first[5]!.title)}`),
    });
    const next = pager.getByRole('link', { name: new RegExp(`Next lesson.*${escaped(first[7]!.title)}`) });
    await expect(previous).toHaveAttribute('href', `/lessons/${first[5]!.id}`);
    await expect(next).toHaveAttribute('href', `/lessons/${first[7]!.id}`);
    await next.click();
    await expect(page).toHaveURL(new RegExp(`/lessons/${first[7]!.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: first[7]!.title })).toBeVisible();
    await pager.getByRole('link', { name: /Previous lesson/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: middle.title })).toBeVisible();

    // The first lesson of the course has no previous one.
    await page.goto(`/lessons/${first[0]!.id}`);
    await expect(pager.getByRole('link', { name: /Next lesson/ })).toBeVisible();
    await expect(pager.getByText('Previous lesson')).toHaveCount(0);

    // The last lesson of section 1: the next one is section 2's first, locked, with its local opening time.
    const last = first.at(-1)!;
    await page.goto(`/lessons/${last.id}`);
    await expect(page.getByRole('heading', { level: 1, name: last.title })).toBeVisible();
    const lockedNext = page.getByTestId('next-lesson');
    await expect(lockedNext).toContainText('Locked');
    await expect(lockedNext).toContainText(second[0]!.title);
    await expect(lockedNext.getByRole('link')).toHaveCount(0);
    await expect(lockedNext.locator('time')).toHaveAttribute('datetime', section2!.unlockDate!);
    expect(await textOf(lockedNext.locator('time'))).toBe(`Opens ${opensAt}`);
    await screenshotBoth(page, testInfo, 'lesson-page-pager');
    await expectNoSeriousA11yViolations(page, testInfo, 'lesson-page-pager');

    // The locked lesson's own address: locked, when, and the way back; never 'Lesson Not Found'.
    const locked = second[1]!;
    await page.goto(`/lessons/${locked.id}`);
    const card = page.getByTestId('lesson-locked');
    await expect(card.getByRole('heading', { level: 1, name: locked.title })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Lesson Not Found' })).toHaveCount(0);
    await expect(card).toContainText(`Locked · Section 2: ${section2!.title}`);
    expect(await textOf(page.getByTestId('lesson-opens'))).toBe(
      `This lesson opens on ${opensAt} (your local time).`,
    );
    await expect(page).toHaveTitle('Lesson Locked | Restaurant Consultancy Course');
    await expect(card.getByRole('link', { name: 'Back to Section 2' })).toHaveAttribute(
      'href',
      `/modules/${section2!.id}`,
    );
    await expect(card.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(page.getByRole('link', { name: /Back to Module/ })).toHaveAttribute(
      'href',
      `/modules/${section2!.id}`,
    );
    // Its neighbours: the one before is locked too; nothing of its content is on the page.
    await expect(page.getByTestId('previous-lesson')).toContainText('Locked');
    await expect(page.getByTestId('lesson-content')).toHaveCount(0);
    await screenshotBoth(page, testInfo, 'lesson-locked');
    await expectNoSeriousA11yViolations(page, testInfo, 'lesson-locked');

    // A lesson that does not exist is still 'Lesson Not Found'.
    await page.goto('/lessons/987654');
    await expect(page.getByRole('heading', { name: 'Lesson Not Found' })).toBeVisible();

    // The way back works.
    await page.goto(`/lessons/${locked.id}`);
    await page.getByTestId('lesson-locked').getByRole('link', { name: 'Back to Section 2' }).click();
    await expect(page).toHaveURL(new RegExp(`/modules/${section2!.id}$`));
    expect(section1!.isAvailable).toBe(true);
  },
);
