/** What the studio says about a lesson's adaptive-streaming (HLS) renditions. */
import type { StudioLesson } from '@platform/contracts';

export type TranscodeTone = 'muted' | 'busy' | 'ready' | 'failed';

export function describeTranscode(
  lesson: Pick<StudioLesson, 'hlsUrl' | 'transcode'>,
): { label: string; tone: TranscodeTone } | null {
  const { transcode } = lesson;
  if (transcode?.status === 'queued') {
    if (transcode.error && transcode.progress === 0) return { label: 'Transcoding will retry', tone: 'busy' };
    return transcode.progress > 0
      ? { label: `Transcoding ${transcode.progress}%`, tone: 'busy' }
      : { label: 'Waiting to transcode', tone: 'busy' };
  }
  if (transcode?.status === 'failed') {
    return { label: 'Transcoding failed', tone: 'failed' };
  }
  if (lesson.hlsUrl) return { label: 'Adaptive streaming ready', tone: 'ready' };
  return null;
}
