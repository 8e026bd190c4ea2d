// @platform/contracts/format: money, dates and course names for pages and e-mails alike (no zod, so pages load it cheaply).
export { formatMoney } from './money.js';
export { EMAIL_DATE, formatDate, formatDateTime, parseInstant } from './dates.js';
export type { DateFormatOptions, DateInput, DateStyle } from './dates.js';
export {
  formatDuration,
  formatSectionHeading,
  isPlaceholderSectionTitle,
  sectionTitleOf,
  totalDurationSeconds,
} from './course.js';
