import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { BarChart, DailyChart, type DailyDatum } from "./charts";

function days(count: number, valueOf: (index: number) => number = () => 0): DailyDatum[] {
  const start = Date.UTC(2025, 10, 1);
  return Array.from({ length: count }, (_, index) => ({
    day: new Date(start + index * 86_400_000).toISOString().slice(0, 10),
    value: valueOf(index),
  }));
}

function attribute(tag: string, name: string) {
  return tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
}

function textOf(markup: string, element: string, id: string) {
  return markup.match(new RegExp(`<${element} id="${id}">([^<]*)</${element}>`))?.[1];
}

function tableRowCount(markup: string) {
  const body = markup.match(/<tbody>([\s\S]*)<\/tbody>/)?.[1] ?? "";
  return body.match(/<tr[\s>]/g)?.length ?? 0;
}

const funnel = [
  { label: "Step 1", value: 10 },
  { label: "Step 2", value: 5 },
  { label: "Submitted", value: 0 },
];

function barChart(data: { label: string; value: number }[]) {
  return renderToStaticMarkup(
    <BarChart title="Funnel" description="Visits per step." data={data} valueLabel="Visits" />,
  );
}

function dailyChart(data: DailyDatum[]) {
  return renderToStaticMarkup(
    <DailyChart title="Clicks" description="Clicks per day." data={data} valueLabel="Clicks" />,
  );
}

// The edge cases where a scale's domain collapses to a point.
const degenerateCharts = [
  {
    name: "BarChart with all-zero data",
    markup: barChart(funnel.map((datum) => ({ ...datum, value: 0 }))),
    title: "Funnel",
    rows: 3,
  },
  { name: "BarChart with no data", markup: barChart([]), title: "Funnel", rows: 0 },
  {
    name: "DailyChart with all-zero data",
    markup: dailyChart(days(30)),
    title: "Clicks",
    rows: 30,
  },
  { name: "DailyChart with no data", markup: dailyChart([]), title: "Clicks", rows: 0 },
];

describe.each(degenerateCharts)("$name", ({ markup, title, rows }) => {
  test("is an image named by its title and described by its own desc", () => {
    const svgTag = markup.match(/<svg[^>]*>/)?.[0] ?? "";
    expect(attribute(svgTag, "role")).toBe("img");
    // Drawn at its own size, so its text keeps the size it was drawn at on any screen.
    expect(attribute(svgTag, "width")).toBe("640");
    const titleId = attribute(svgTag, "aria-labelledby") ?? "";
    const descriptionId = attribute(svgTag, "aria-describedby") ?? "";
    expect(textOf(markup, "title", titleId)).toBe(title);
    expect(textOf(markup, "desc", descriptionId)).toMatch(/^\w+ per (step|day)\. \S/);
  });

  test("draws without NaN or Infinity", () => {
    expect(markup).not.toMatch(/NaN|Infinity/);
  });

  test("offers a table with a caption, column headers and one row per datum", () => {
    expect(markup).toMatch(/<details[^>]*><summary[^>]*>Show the data as a table<\/summary><table/);
    expect(markup).toMatch(new RegExp(`<caption[^>]*>${title}</caption>`));
    expect(markup.match(/<th scope="col"[^>]*>[^<]*<\/th>/g)).toHaveLength(2);
    expect(tableRowCount(markup)).toBe(rows);
  });
});

describe("BarChart", () => {
  const markup = renderToStaticMarkup(
    <BarChart
      title="Funnel"
      description="Visits per step."
      data={funnel}
      valueLabel="Visits"
      labelHeading="Step"
    />,
  );

  test("draws bars whose lengths are proportional to their values", () => {
    const widths = (markup.match(/<rect[^>]*>/g) ?? []).map((tag) =>
      Number(attribute(tag, "width")),
    );
    expect(widths).toHaveLength(3);
    const [ten, five, zero] = widths as [number, number, number];
    expect(ten / five).toBeCloseTo(2, 1);
    expect(zero).toBe(0);
  });

  test("writes every value into its description", () => {
    expect(markup).toContain("Visits per step. Step 1: 10; Step 2: 5; Submitted: 0.");
  });

  test("names the table's columns after the props", () => {
    expect(markup).toMatch(/<th scope="col"[^>]*>Step<\/th><th scope="col"[^>]*>Visits<\/th>/);
  });

  test("wraps a long label onto two lines", () => {
    const wrapped = barChart([
      { label: "Major Inefficiencies Costing Substantial Money", value: 3 },
    ]);
    const lines = [...wrapped.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((match) => match[1]);
    expect(lines).toEqual(["Major Inefficiencies", "Costing Substantial Money"]);
  });
});

describe("DailyChart", () => {
  const dateLabel = /<text[^>]*>(\d{1,2} [A-Z][a-z]{2,3})<\/text>/g;

  test.each([
    [7, 7, "7 Nov"],
    [30, 6, "30 Nov"],
    [90, 7, "29 Jan"],
  ])("labels %i days with %i dates, ending with the latest, %s", (count, labels, latest) => {
    const markup = dailyChart(days(count));
    const dates = [...markup.matchAll(dateLabel)].map((match) => match[1]);
    expect(dates).toHaveLength(labels);
    expect(dates.at(-1)).toBe(latest);
  });

  test("summarises the highest day and the total", () => {
    const markup = dailyChart(days(30, (index) => (index === 22 ? 5 : index % 10 === 0 ? 1 : 0)));
    expect(markup).toContain(
      "Clicks per day. 30 days from 1 Nov to 30 Nov. Highest: 5 on 23 Nov. Total: 8.",
    );
  });

  test("draws taller columns for larger values", () => {
    const markup = dailyChart(days(7, (index) => [0, 2, 4, 0, 0, 0, 0][index] ?? 0));
    const heights = (markup.match(/<rect[^>]*>/g) ?? []).map((tag) =>
      Number(attribute(tag, "height")),
    );
    const [none, two, four] = heights as [number, number, number];
    expect(none).toBe(0);
    expect(four / two).toBeCloseTo(2, 1);
  });
});
