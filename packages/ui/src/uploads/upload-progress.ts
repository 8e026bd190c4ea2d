// @platform/ui/upload-progress: uploads with a progress bar (XMLHttpRequest, the bar, the byte and
// percent formats). Its own entry, shared as a singleton of its own, so pages without uploads (the public
// first view among them) never load it. It takes ApiError from the root entry: one class for every page.
export { Progress, ProgressWithPercent } from '../components/progress';
export { FilePickButton } from '../components/file-pick-button';
export { UPLOAD_TIMEOUT_MS, UploadTransportError, sendWithProgress } from '../api/send-with-progress';
export type { SendWithProgressOptions, TransportFailure, UploadAnswer } from '../api/send-with-progress';
export { combinePercent, formatBytes, toPercent } from '../format/upload-progress';
export { appendUploadFile, uploadFileId } from './upload-file-id';
