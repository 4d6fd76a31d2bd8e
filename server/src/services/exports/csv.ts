import { stringify } from "csv-stringify/sync";

/** A cell as the export writes it: text, a number, or nothing (an empty cell). */
export type CsvValue = string | number | null | undefined;

/**
 * RFC 4180, as spreadsheets read it: records end with CRLF; a field holding a comma, a double
 * quote, CR or LF is quoted, its quotes doubled.
 *
 * And safe to open in a spreadsheet (OWASP, "CSV Injection"): a merchant's export holds text that
 * payers and integrations wrote (an email, metadata), and a cell starting with `=`, `+`, `-`, `@`,
 * a tab or CR (or their full-width forms) would run as a formula when the file is opened. Such a
 * text cell gets a leading `'`, which makes the spreadsheet show it as text. Numbers are written as
 * numbers, so a negative amount stays a number.
 *
 * csv-stringify does exactly this (`record_delimiter: "windows"`, `escape_formulas`), so the rules
 * live in a maintained library and this module only fixes the options.
 */
const OPTIONS = {
  record_delimiter: "windows",
  // Set with record_delimiter, csv-stringify would otherwise stop quoting a lone CR or LF (it then
  // quotes only fields holding the whole CRLF), and a note with a line break would split its record.
  quote_record_delimiter: true,
  escape_formulas: true,
} as const;

/** The records as CSV text, each ending with CRLF. */
export function csvRecords(records: readonly (readonly CsvValue[])[]): string {
  if (records.length === 0) return "";
  return stringify(
    records.map((record) => [...record]),
    OPTIONS,
  );
}

/** One cell of JSON (metadata, event data): its text starts with `{` or `[`, never a formula. */
export function jsonCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
}
