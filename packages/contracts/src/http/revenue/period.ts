/** Calendar days, and the month a revenue report covers, as the revenue answers and events name them. */
import { z } from 'zod';

/** A calendar day, `YYYY-MM-DD`. */
export const CalendarDaySchema = z.iso.date();

/** The month a report covers: its first and last day (a fragment of schemas, not a schema). */
export const reportPeriod = { periodStart: CalendarDaySchema, periodEnd: CalendarDaySchema };
