// @platform/contracts/format: money, dates and course names for pages and e-mails alike (no zod, so pages load it cheaply).
export {
  MAX_MONEY_INPUT_CENTS,
  MONEY_INPUT_MESSAGES,
  formatMoney,
  formatMoneyInput,
  moneyTooLargeMessage,
  parseMoneyInput,
} from './money.js';
export type { MoneyInputMessages, MoneyInputResult, MoneyInputRules } from './money.js';
export {
  EMAIL_DATE,
  formatCallTime,
  formatDate,
  formatDateTime,
  formatTimeZoneName,
  parseInstant,
} from './dates.js';
export type { DateFormatOptions, DateInput, DateStyle } from './dates.js';
export {
  formatDuration,
  formatSectionHeading,
  isPlaceholderSectionTitle,
  sectionTitleOf,
  totalDurationSeconds,
} from './course.js';
