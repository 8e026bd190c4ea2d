import { describe, expect, it } from '@jest/globals';
import {
  ADMIN_HOME_CARDS,
  activeCouponsFigure,
  NO_COURSE_FIGURE,
  courseOutlineFigure,
  customersFigure,
  failedMailFigure,
  outstandingRevenueFigure,
  pendingConsultationsFigure,
} from '../lib/admin-home-figures';

describe('admin home: the cards and their figures', () => {
  it('links the consultations, the revenue ledger, the course studio, the learners, the customers, the lesson questions, the mail log and the coupons, in that order', () => {
    expect(ADMIN_HOME_CARDS.map((card) => [card.title, card.to])).toEqual([
      ['Consultations', '/private-admin-panel-support-only'],
      ['Revenue ledger', '/revenue-admin'],
      ['Course studio', '/admin/courses'],
      ['Learners', '/admin/learners'],
      ['Customers', '/admin/customers'],
      ['Lesson questions', '/admin/questions'],
      ['Mail log', '/admin/mail'],
      ['Coupons', '/admin/coupons'],
    ]);
  });

  it('counts the customers of the first page, with a plus when more follow', () => {
    expect(customersFigure({ customers: [], nextOffset: null })).toEqual({ value: '0', label: 'customers' });
    expect(customersFigure({ customers: [{}], nextOffset: null })).toEqual({ value: '1', label: 'customer' });
    expect(customersFigure({ customers: Array.from({ length: 25 }, () => ({})), nextOffset: 25 })).toEqual({
      value: '25+',
      label: 'customers',
    });
  });

  it('counts the coupons a buyer can use now', () => {
    const now = new Date('2030-03-01T10:00:00Z');
    const open = { startsAt: null, endsAt: null, redemptions: 0, maxRedemptions: null };
    expect(activeCouponsFigure([], now)).toEqual({ value: '0', label: 'coupons active' });
    expect(
      activeCouponsFigure(
        [
          open,
          { ...open, endsAt: '2030-03-01T09:00:00Z' },
          { ...open, startsAt: '2030-03-02T00:00:00Z' },
          { ...open, redemptions: 5, maxRedemptions: 5 },
        ],
        now,
      ),
    ).toEqual({ value: '1', label: 'coupon active' });
  });

  it('counts only the submissions still pending', () => {
    expect(pendingConsultationsFigure([])).toEqual({ value: '0', label: 'consultation requests pending' });
    expect(
      pendingConsultationsFigure([
        { status: 'pending' },
        { status: 'in_review' },
        { status: 'completed' },
        { status: 'cancelled' },
      ]),
    ).toEqual({ value: '1', label: 'consultation request pending' });
    expect(pendingConsultationsFigure([{ status: 'pending' }, { status: 'pending' }]).value).toBe('2');
  });

  it("shows the ledger's outstanding amount in dollars", () => {
    expect(outstandingRevenueFigure({ totalRevenueOwed: 0 })).toEqual({
      value: '$0.00',
      label: 'revenue share outstanding',
    });
    expect(outstandingRevenueFigure({ totalRevenueOwed: 123456 }).value).toBe('$1,234.56');
  });

  it("counts the studio's lessons, drafts included, its sections and what is still a draft", () => {
    const published = { isPublished: true };
    const draft = { isPublished: false };
    expect(
      courseOutlineFigure([
        { ...published, lessons: [published, published, published] },
        { ...published, lessons: [published, published] },
      ]),
    ).toEqual({ value: '5', label: 'lessons in 2 sections, no drafts' });
    // A draft section and a draft lesson are two drafts; the draft section's lessons count as lessons.
    expect(
      courseOutlineFigure([
        { ...published, lessons: [published, draft] },
        { ...draft, lessons: [published] },
      ]),
    ).toEqual({ value: '3', label: 'lessons in 2 sections, 2 drafts' });
    expect(courseOutlineFigure([{ ...draft, lessons: [published] }])).toEqual({
      value: '1',
      label: 'lesson in 1 section, 1 draft',
    });
    expect(courseOutlineFigure([])).toEqual({ value: '0', label: 'lessons in 0 sections, no drafts' });
    expect(NO_COURSE_FIGURE).toEqual({ value: '0', label: 'lessons: no course yet' });
  });

  it('counts failed deliveries among the newest e-mails it was given', () => {
    expect(failedMailFigure([])).toEqual({ value: '0', label: 'failed: no e-mails yet' });
    expect(failedMailFigure([{ status: 'logged' }])).toEqual({
      value: '0',
      label: 'failed among the newest e-mail',
    });
    expect(
      failedMailFigure([
        { status: 'failed' },
        { status: 'sent' },
        { status: 'queued' },
        { status: 'failed' },
      ]),
    ).toEqual({ value: '2', label: 'failed among the 4 newest e-mails' });
  });
});
