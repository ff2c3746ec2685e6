import { describe, expect, test } from "vitest";
import { CSV_BOM, csvRow, csvStream, neutraliseFormula } from "./csv";

describe("csvRow", () => {
  test.each([
    [["plain", "text"], "plain,text\r\n"],
    [["with,comma"], '"with,comma"\r\n'],
    [['say "hi"'], '"say ""hi"""\r\n'],
    [["two\nlines"], '"two\nlines"\r\n'],
    [["carriage\r\nreturn"], '"carriage\r\nreturn"\r\n'],
    [["", null, undefined], ",,\r\n"],
    [[42, -3.5, 0], "42,-3.5,0\r\n"],
    [[Number.NaN, Number.POSITIVE_INFINITY], ",\r\n"],
    [[true, false], "yes,no\r\n"],
    [[new Date("2026-11-23T09:30:00Z")], "2026-11-23T09:30:00.000Z\r\n"],
    [["Grüße, 東京 😀"], '"Grüße, 東京 😀"\r\n'],
    [["=1+1"], "'=1+1\r\n"],
    [['=HYPERLINK("http://evil","x")'], '"\'=HYPERLINK(""http://evil"",""x"")"\r\n'],
    [["+447700900123"], "'+447700900123\r\n"],
    [["-2+3"], "'-2+3\r\n"],
    [["@SUM(A1)"], "'@SUM(A1)\r\n"],
    [["\tindented"], "'\tindented\r\n"],
    [["\rreturn"], '"\'\rreturn"\r\n'],
    [[" =not at start"], " =not at start\r\n"],
    [["a=b"], "a=b\r\n"],
  ] as const)("%j is written as %j", (cells, expected) => {
    expect(csvRow(cells)).toBe(expected);
  });
});

describe("neutraliseFormula", () => {
  test.each([
    ["=cmd", "'=cmd"],
    ["+1", "'+1"],
    ["-1", "'-1"],
    ["@x", "'@x"],
    ["\tx", "'\tx"],
    ["\rx", "'\rx"],
    ["x=1", "x=1"],
    ["", ""],
    ["Lead;=HYPERLINK(1)", "Lead;'=HYPERLINK(1)"],
    ["Lead\t+1", "Lead\t'+1"],
    ["a,-1;@b", "a,'-1;'@b"],
    ['x;"=1"', `x;'"=1"`],
    ['"=1"', `'"=1"`],
    ["line\n=1\r\n@x", "line\n'=1\r\n'@x"],
    ["2020-01; a-b", "2020-01; a-b"],
  ])("%j gives %j", (input, expected) => {
    expect(neutraliseFormula(input)).toBe(expected);
  });
});

/** Splits CSV as a spreadsheet set to another separator would: quotes are only stripped. */
function cellsSplitOn(separator: string, csv: string): string[] {
  return csv
    .split(/\r\n|\r|\n/)
    .flatMap((line) => line.split(separator))
    .map((cell) => cell.replace(/^"+|"+$/g, ""));
}

const hostileValues = [
  'Lead;=HYPERLINK("http://evil","x")',
  "Lead,=1+1",
  "Lead\t@SUM(A1)",
  "Lead\n-2+3",
  "Lead\r+cmd|' /C calc'!A0",
  'Lead;"=1+1"',
  "=plain",
  "\t=tabbed",
];

describe("no separator a spreadsheet may use finds a formula", () => {
  test.each([",", ";", "\t"])("split on %j, no cell starts with = + - or @", (separator) => {
    const csv = hostileValues.map((value) => csvRow(["id", value, 7])).join("");
    const formulas = cellsSplitOn(separator, csv).filter((cell) => /^[=+\-@]/.test(cell));
    expect(formulas).toEqual([]);
  });
});

describe("csvStream", () => {
  test("starts with the byte-order mark and the header, then every row, in batches", async () => {
    const rows = Array.from({ length: 1203 }, (_, index) => [index, `name ${index}`]);
    const bytes = await new Response(csvStream(["id", "name"], rows, 100)).arrayBuffer();
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith(`${CSV_BOM}id,name\r\n0,name 0\r\n`)).toBe(true);
    expect(text.split("\r\n")).toHaveLength(1203 + 2);
    expect(text.endsWith("1202,name 1202\r\n")).toBe(true);
  });

  test("pulls rows only as they are read", async () => {
    let produced = 0;
    function* rows() {
      for (let index = 0; index < 10_000; index += 1) {
        produced += 1;
        yield [index];
      }
    }
    const reader = csvStream(["n"], rows(), 50).getReader();
    await reader.read();
    expect(produced).toBeLessThanOrEqual(150);
    await reader.cancel();
  });

  test("an empty export still has its header", async () => {
    const bytes = new Uint8Array(await new Response(csvStream(["a", "b"], [])).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe("a,b\r\n");
  });
});
