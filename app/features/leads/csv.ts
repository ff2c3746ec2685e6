// CSV as spreadsheets read it: RFC 4180 quoting, UTF-8 with a byte-order mark, and cells that a
// spreadsheet would run as a formula made inert, whichever separator it splits on.

/** Tells Excel the file is UTF-8; other programs skip it. */
export const CSV_BOM = "\uFEFF";

export type CsvCell = string | number | boolean | Date | null | undefined;

// A cell starting with one of these is a formula (or becomes one) in Excel, LibreOffice and
// Google Sheets: "=HYPERLINK(...)" in a contact message must reach the firm as text. Quotes in
// front do not help: a spreadsheet that reads them as quoting drops them.
const FORMULA_START = /^(?:[\t\r]|"*[=+\-@])/;
// A spreadsheet that splits on ";" or tab (the default in much of Europe) reads quotes as text,
// so every piece of a value after one of these separators starts a cell of its own.
const FORMULA_AFTER_SEPARATOR = /([,;\t\r\n])(?="*[=+\-@])/g;

/**
 * Prefixes every formula-looking start, of the value and of each piece a spreadsheet might split
 * it into, with an apostrophe, which spreadsheets show as plain text.
 */
export function neutraliseFormula(text: string): string {
  const inner = text.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  return FORMULA_START.test(inner) ? `'${inner}` : inner;
}

function cellText(cell: CsvCell): string {
  if (cell === null || cell === undefined) return "";
  if (cell instanceof Date) return cell.toISOString();
  // Numbers are written as numbers: a negative score is data, not a formula.
  if (typeof cell === "number") return Number.isFinite(cell) ? String(cell) : "";
  if (typeof cell === "boolean") return cell ? "yes" : "no";
  return neutraliseFormula(cell);
}

function quoted(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, ending in CRLF as RFC 4180 asks. */
export function csvRow(cells: readonly CsvCell[]): string {
  return `${cells.map((cell) => quoted(cellText(cell))).join(",")}\r\n`;
}

/**
 * Streams a header and rows as UTF-8 bytes, pulling rows only as the reader takes them, so an
 * export of any size holds one batch in memory at a time.
 */
export function csvStream(
  header: readonly string[],
  rows: Iterable<readonly CsvCell[]>,
  batchSize = 500,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = rows[Symbol.iterator]();
  let started = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      let chunk = started ? "" : CSV_BOM + csvRow(header);
      started = true;
      for (let count = 0; count < batchSize; count += 1) {
        const next = iterator.next();
        if (next.done) {
          if (chunk) controller.enqueue(encoder.encode(chunk));
          controller.close();
          return;
        }
        chunk += csvRow(next.value);
      }
      controller.enqueue(encoder.encode(chunk));
    },
    cancel() {
      iterator.return?.();
    },
  });
}
