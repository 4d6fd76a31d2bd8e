import { BLOG } from "../site.ts";

const LONG_DATE = new Intl.DateTimeFormat(BLOG.locale, {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

/**
 * SPEC.md §9: dates in en-US long format ("September 12, 2025"). Post dates are calendar days
 * (`2025-09-12`), so they are read and shown in UTC: a reader west of Greenwich must not see the
 * day before. Text that is not a date is shown as written.
 */
export function formatPostDate(date: string): string {
  const time = Date.parse(date);
  return Number.isNaN(time) ? date : LONG_DATE.format(time);
}
