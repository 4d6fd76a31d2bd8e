import { EXPORTS } from "./messages.ts";

/** The longest range one export covers, as the server counts it: a year and a day. */
export const MAX_EXPORT_SECONDS = 366 * 86_400;
/** The same in whole days picked on the calendar, both ends included. */
export const MAX_EXPORT_DAYS = 366;
/** The range offered at first: the last 30 days, today included. */
export const DEFAULT_EXPORT_DAYS = 30;

/** A local calendar date as a date input writes it (`2026-01-31`). */
export function dateInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The last `days` days up to `today`, as the two date inputs hold them. */
export function defaultExportRange(
  today = new Date(),
  days = DEFAULT_EXPORT_DAYS,
): { from: string; to: string } {
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
  return { from: dateInputValue(start), to: dateInputValue(today) };
}

function localDay(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The range to ask the server for: from the first day's start to the last day's end, in the
 * merchant's own time zone (the days they picked), in unix seconds; or why it cannot be asked.
 */
export function exportRange(
  fromValue: string,
  toValue: string,
): { ok: true; from: number; to: number } | { ok: false; error: string } {
  const first = localDay(fromValue);
  const last = localDay(toValue);
  if (!first || !last) return { ok: false, error: EXPORTS.rangeRequired };
  if (last < first) return { ok: false, error: EXPORTS.rangeBackwards };
  const days = Math.round((last.getTime() - first.getTime()) / 86_400_000) + 1;
  if (days > MAX_EXPORT_DAYS) return { ok: false, error: EXPORTS.rangeTooLong(MAX_EXPORT_DAYS) };
  const from = Math.floor(first.getTime() / 1000);
  const end = new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1);
  // A daylight-saving change inside the range may add an hour: the server's limit still holds.
  const to = Math.min(Math.floor(end.getTime() / 1000) - 1, from + MAX_EXPORT_SECONDS);
  return { ok: true, from, to };
}
