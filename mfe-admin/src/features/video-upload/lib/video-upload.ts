/**
 * The video upload page's rules (docs/behaviour/course-studio.md#video-upload): what may be chosen, the
 * states (idle → uploading with a percentage → success or error) and the words of each failure, as the
 * spec gives them.
 */
import { LESSON_VIDEO_MAX_BYTES, formatBytes as formatLimit } from '@platform/contracts';
import type { LessonUploadResult } from '@platform/contracts';
import { ApiError } from '@platform/ui';
import { UploadTransportError, toPercent } from '@platform/ui/upload-progress';

export const VIDEO_UPLOAD_COPY = {
  title: 'Video Upload',
  description: `Upload a lesson video (MP4, MOV or WebM, up to ${formatLimit(LESSON_VIDEO_MAX_BYTES)}). If the connection drops, the upload waits and carries on from where it stopped.`,
  chooseLabel: 'Video file',
  noFile: 'No video chosen yet.',
  notVideo: 'Please choose a video file.',
  upload: 'Upload Video',
  pause: 'Pause',
  resume: 'Resume',
  cancel: 'Cancel',
  uploading: 'Uploading…',
  paused: 'Paused. Resume to carry on from where it stopped.',
  waitingForNetwork: 'Connection lost. Waiting for the network to carry on…',
  finishing: 'Checking and storing the video…',
  successTitle: 'Upload complete',
  uploadAnother: 'Upload another video',
  errorTitle: 'Upload error',
  tryAgain: 'Try again',
  serverResponseError: 'Server response error',
  networkError: 'Network error during upload',
  timeout: 'Upload timeout - file may be too large or connection too slow',
  uploadFailed: (status: number, statusText: string) => `Upload failed: ${status} ${statusText}`.trim(),
} as const;

/** Status texts for answers that came without one (HTTP/2). */
const STATUS_TEXTS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** Only video files (`video/*`) are taken. */
export function isVideoFile(file: { type: string }): boolean {
  return file.type.startsWith('video/');
}

/** What the transfer is doing while uploading. */
export type TransferState = 'uploading' | 'paused' | 'waiting-for-network' | 'finishing';

export type VideoUploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; loaded: number; total: number; percent: number; transfer: TransferState }
  | { phase: 'success'; result: LessonUploadResult }
  | { phase: 'error'; message: string; detail: string | null; canRetry: boolean };

export type VideoUploadAction =
  | { type: 'start'; total: number }
  | { type: 'progress'; loaded: number; total: number }
  | { type: 'transfer'; transfer: TransferState }
  | { type: 'succeeded'; result: LessonUploadResult }
  | { type: 'failed'; message: string; detail: string | null; canRetry: boolean }
  | { type: 'reset' };

export const IDLE: VideoUploadState = { phase: 'idle' };

export function reduceVideoUpload(state: VideoUploadState, action: VideoUploadAction): VideoUploadState {
  switch (action.type) {
    case 'start':
      return { phase: 'uploading', loaded: 0, total: action.total, percent: 0, transfer: 'uploading' };
    case 'progress':
      return state.phase === 'uploading'
        ? {
            ...state,
            loaded: action.loaded,
            total: action.total,
            percent: toPercent(action.loaded, action.total),
          }
        : state;
    case 'transfer':
      return state.phase === 'uploading' ? { ...state, transfer: action.transfer } : state;
    case 'succeeded':
      return { phase: 'success', result: action.result };
    case 'failed':
      return { phase: 'error', message: action.message, detail: action.detail, canRetry: action.canRetry };
    case 'reset':
      return IDLE;
  }
}

/** The answer was OK but not the stored video the contract describes. */
export class ServerResponseError extends Error {
  override name = 'ServerResponseError';
}

export type UploadFailure = { message: string; detail: string | null; canRetry: boolean };

/**
 * The error line of a failed upload, the server's reason when it gave one, and whether trying the same
 * file again may help (not after the file itself was refused); null for an upload the admin cancelled
 * (the page goes back to idle).
 */
export function describeUploadFailure(error: unknown): UploadFailure | null {
  if (error instanceof UploadTransportError) {
    if (error.kind === 'aborted') return null;
    return {
      message: error.kind === 'timeout' ? VIDEO_UPLOAD_COPY.timeout : VIDEO_UPLOAD_COPY.networkError,
      detail: null,
      canRetry: true,
    };
  }
  if (error instanceof ApiError && error.status > 0) {
    const statusText = error.statusText || STATUS_TEXTS[error.status] || '';
    return {
      message: VIDEO_UPLOAD_COPY.uploadFailed(error.status, statusText),
      detail: error.serverMessage,
      canRetry: error.status >= 500 || error.status === 408 || error.status === 429,
    };
  }
  return { message: VIDEO_UPLOAD_COPY.serverResponseError, detail: null, canRetry: true };
}
