/**
 * `PUT /api/lessons/:id/progress { positionSeconds }` (204): the player's resume point, kept on the server
 * so 'Continue where you left off' works on any device. Fire and forget: a lost save costs a few seconds
 * of resume accuracy, never an error in the member's face. When leaving the page the request is sent with
 * `keepalive`, so it completes after the page is gone.
 */
import type { SaveLessonPositionRequest } from '@platform/contracts';
import { apiRequest } from '@platform/ui';

export function saveLessonPosition(
  lessonId: number,
  positionSeconds: number,
  options: { keepalive: boolean },
): void {
  const body: SaveLessonPositionRequest = { positionSeconds };
  void apiRequest('PUT', `/api/lessons/${lessonId}/progress`, body, { keepalive: options.keepalive }).catch(
    () => {
      // Offline or leaving: the next save (or the next visit) carries on.
    },
  );
}
