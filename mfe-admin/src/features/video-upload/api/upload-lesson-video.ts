/**
 * One lesson video to the course service through the resumable uploads (`/api/uploads`, purpose
 * `lesson-video`; docs/behaviour/course-studio.md#uploads): the shared tus helper sends it in pieces,
 * resumes after a dropped connection and can pause. Settles with the stored video, or rejects with the
 * helper's errors, or ServerResponseError when the answer is not the stored video.
 */
import { LessonUploadResultSchema } from '@platform/contracts';
import type { LessonUploadResult } from '@platform/contracts';
import { startResumableUpload } from '@platform/ui/resumable-upload';
import type { ResumableUploadStatus } from '@platform/ui/resumable-upload';
import { ServerResponseError } from '../lib/video-upload';

export type LessonVideoUpload = {
  done: Promise<LessonUploadResult>;
  pause: () => void;
  resume: () => void;
  cancel: () => void;
};

export function uploadLessonVideo(
  file: File,
  callbacks: {
    onProgress: (loaded: number, total: number) => void;
    onStatus: (status: ResumableUploadStatus) => void;
  },
): LessonVideoUpload {
  const upload = startResumableUpload({
    file,
    metadata: { purpose: 'lesson-video' },
    resumeKey: 'lesson-video',
    onProgress: callbacks.onProgress,
    onStatus: callbacks.onStatus,
  });
  const done = upload.done.then(({ body }) => {
    const parsed = LessonUploadResultSchema.safeParse(body);
    if (!parsed.success) throw new ServerResponseError('The upload answer is not a stored video');
    return parsed.data;
  });
  return { done, pause: upload.pause, resume: upload.resume, cancel: upload.cancel };
}
