import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { csvRecords, jsonCell } from "./csv.ts";

describe("export CSV (RFC 4180)", () => {
  it("ends every record with CRLF, the last one too", () => {
    expect(
      csvRecords([
        ["id", "status"],
        ["pi_1", "paid"],
      ]),
    ).toBe("id,status\r\npi_1,paid\r\n");
  });

  it("quotes a field holding a comma, a double quote, CR or LF, and doubles its quotes", () => {
    expect(csvRecords([["a,b"]])).toBe('"a,b"\r\n');
    expect(csvRecords([['say "hi"']])).toBe('"say ""hi"""\r\n');
    expect(csvRecords([["line\nbreak"]])).toBe('"line\nbreak"\r\n');
    expect(csvRecords([["carriage\rreturn"]])).toBe('"carriage\rreturn"\r\n');
    expect(csvRecords([["both\r\nends"]])).toBe('"both\r\nends"\r\n');
  });

  it("leaves plain fields unquoted, writes null and undefined as empty cells and numbers as numbers", () => {
    expect(csvRecords([["plain", null, undefined, 0, 1500, ""]])).toBe("plain,,,0,1500,\r\n");
  });

  it("writes nothing for no records", () => {
    expect(csvRecords([])).toBe("");
  });

  it("reads back as the same records with a CSV parser", () => {
    const records = [
      ["id", "note"],
      ["1", 'a "quoted", multi-line\r\nnote'],
      ["2", "lone\rCR and lone\nLF"],
    ];
    expect(parse(csvRecords(records), { relax_column_count: false })).toEqual(records);
  });
});

describe("export CSV is safe to open in a spreadsheet (OWASP CSV injection)", () => {
  it.each([
    ['=HYPERLINK("https://evil.example","click")', '\'=HYPERLINK(""https://evil.example"",""click"")'],
    ["+1+1", "'+1+1"],
    ["-2+3@example.com", "'-2+3@example.com"],
    ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
    ["\tcmd", "'\tcmd"],
    ["\u{FF1D}1+1", "'\u{FF1D}1+1"],
  ])("a text cell starting %j gets a leading quote", (cell, written) => {
    const line = csvRecords([[cell]]);
    // The quote-doubled field is quoted as a whole, so strip the RFC 4180 quoting to see the cell.
    const field = line.slice(0, -2);
    expect(field.startsWith('"') ? field.slice(1, -1) : field).toBe(written);
    expect(parse(line)).toEqual([[`'${cell}`]]);
  });

  it("a cell starting with CR gets the quote and stays quoted", () => {
    expect(csvRecords([["\r=1+1"]])).toBe('"\'\r=1+1"\r\n');
  });

  it("a negative number stays a number; only text is neutralised", () => {
    expect(csvRecords([[-1500, "-1500"]])).toBe("-1500,'-1500\r\n");
  });

  it("leaves text that only contains those characters later alone", () => {
    expect(csvRecords([["a=b", "x+y", "pay@example.com"]])).toBe("a=b,x+y,pay@example.com\r\n");
  });

  it("writes JSON cells as their text", () => {
    expect(jsonCell({ note: "=1+1" })).toBe('{"note":"=1+1"}');
    expect(jsonCell(null)).toBe("");
    expect(jsonCell('{"a":1}')).toBe('{"a":1}');
  });
});
