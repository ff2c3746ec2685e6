// A small RFC 4180 reader, so tests can check an export by reading it back as a program would.

/** Records as lists of fields: quoted fields, doubled quotes, CRLF between records. */
export function parseCsvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      record.push(field);
      field = "";
    } else if (char === "\r" && text[index + 1] === "\n") {
      records.push([...record, field]);
      record = [];
      field = "";
      index += 1;
    } else field += char;
  }
  return records;
}

/** Records as objects keyed by the header row. */
export function parseCsv(text: string): Record<string, string>[] {
  const [header = [], ...rows] = parseCsvRecords(text);
  return rows.map((row) => Object.fromEntries(header.map((name, index) => [name, row[index]!])));
}
