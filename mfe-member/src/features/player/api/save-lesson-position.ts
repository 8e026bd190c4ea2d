/**
 * `PUT /api/lessons/:id/progress { positionSeconds }` (204): the player's resume point, kept on the server
 * so 'Continue where you left off' works on any device. Fire and forget: a lost save costs a few seconds
 * of resume accuracy, never an error in the member's face. When leaving the page the request is sent with
 * `keepalive`, so it completes after the page is gone.
 */
import type { SaveLessonPositionRequest } from '@platform/contracts';

export function saveLessonPosition(
  lessonId: number,
  positionSeconds: number,
  options: { keepalive: boolean },
): void {
  const body: SaveLessonPositionRequest = { positionSeconds };
  void fetch(`/api/lessons/${lessonId}/progress`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'include',
    keepalive: options.keepalive,
  }).catch(() => {
    // Offline or leaving: the next save (or the next visit) carries on.
  });
}
