/** Pure rules of the Team page: seats left, each member's progress line. */
import type { Team, TeamMember } from '@platform/contracts';

export function seatsLeft(team: Pick<Team, 'seatLimit' | 'members'>): number {
  return Math.max(0, team.seatLimit - team.members.length);
}

export function seatsLine(team: Pick<Team, 'seatLimit' | 'members'>): string {
  const left = seatsLeft(team);
  return `${team.members.length} of ${team.seatLimit} seats used · ${left} ${left === 1 ? 'seat' : 'seats'} left`;
}

/** Whole percent of sections completed (0 while the member has none to count). */
export function progressPercent(member: Pick<TeamMember, 'completedSections' | 'totalSections'>): number {
  if (member.totalSections === 0) return 0;
  return Math.round((member.completedSections / member.totalSections) * 100);
}

export function progressLine(member: TeamMember): string {
  if (member.status === 'invited') return 'Waiting for them to join';
  return `${member.completedSections} of ${member.totalSections} sections completed (${progressPercent(member)}%)`;
}
