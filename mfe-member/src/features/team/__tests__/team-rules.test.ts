import { describe, expect, it } from '@jest/globals';
import type { TeamMember } from '@platform/contracts';
import { progressLine, progressPercent, seatsLeft, seatsLine } from '../lib/team-rules';

const member = (overrides: Partial<TeamMember> = {}): TeamMember => ({
  id: '0b7c2f1e-0000-4000-8000-000000000000',
  email: 'chef@example.com',
  status: 'active',
  invitedAt: '2030-03-04T09:00:00.000Z',
  completedSections: 2,
  totalSections: 8,
  lastActiveAt: null,
  ...overrides,
});

describe('team rules', () => {
  it('counts the seats left, never below zero', () => {
    expect(seatsLeft({ seatLimit: 5, members: [member()] })).toBe(4);
    expect(seatsLeft({ seatLimit: 1, members: [member(), member()] })).toBe(0);
    expect(seatsLine({ seatLimit: 5, members: Array.from({ length: 4 }, () => member()) })).toBe(
      '4 of 5 seats used · 1 seat left',
    );
  });

  it('says how far a member got, and that an invitee has not joined yet', () => {
    expect(progressPercent(member())).toBe(25);
    expect(progressPercent(member({ totalSections: 0, completedSections: 0 }))).toBe(0);
    expect(progressLine(member())).toBe('2 of 8 sections completed (25%)');
    expect(progressLine(member({ status: 'invited' }))).toBe('Waiting for them to join');
  });
});
