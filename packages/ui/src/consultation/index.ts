// @platform/ui/consultation-status: a consultation's status badge and dates, shared by the admin's page
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
