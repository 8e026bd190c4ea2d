// @platform/ui/consultation-status: a consultation's status badge, dates and thread, shared by the admin's page
// and /my-consultations. Its own entry (a singleton of its own), so the public first view never loads it
// or the date formats it brings.
export {
  STATUS_TONE_CLASSES,
  formatConsultationDate,
  getStatusLabel,
  getStatusTone,
  sortNewestFirst,
} from './consultation-status';
export type { StatusTone } from './consultation-status';
export { ConsultationStatusBadge } from '../components/consultation-status-badge';
export { ConsultationThread, THREAD_COPY, threadKey } from './consultation-thread';
export type { ThreadViewer } from './consultation-thread';
