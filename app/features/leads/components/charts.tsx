// The leads view's charts: SVG drawn on the server, each with a text summary and a data table.
import { scaleBand, scaleLinear } from "d3-scale";
import { useId, type ReactNode } from "react";

// The SVG is drawn at its own size, every size below in pixels of a 640-wide drawing: scaled to
// its container, its text would be 6 px on a phone and 24 px across a wide screen. A narrower
// container scrolls it sideways in its own box.
const VIEW_WIDTH = 640;
const FONT_SIZE = 13;
const AXIS_FONT_SIZE = 12;
const TEXT_GAP = 8;
// Text cannot be measured on the server: this is a generous average glyph width for Inter.
const CHAR_WIDTH = FONT_SIZE * 0.6;
// Beyond this many characters a bar's label wraps onto a second line.
const LABEL_LINE_CHARS = 24;
// Enough date labels to place any day, few enough that they never crowd each other.
const MAX_DATE_LABELS = 7;

const countFormat = new Intl.NumberFormat("en-GB");
const axisDateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});
const tableDateFormat = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

type ChartProps<Datum> = {
  title: string;
  /** What the chart shows; read out with the summary computed from the data. */
  description: string;
  data: Datum[];
  /** The values' column heading in the data table, such as "Visits". */
  valueLabel: string;
};

export type BarDatum = { label: string; value: number };
export type DailyDatum = { day: string; value: number };

/** Horizontal bars, one per datum in the given order, each with its value at its end. */
export function BarChart({
  title,
  description,
  data,
  valueLabel,
  labelHeading = "Label",
}: ChartProps<BarDatum> & {
  /** The labels' column heading in the data table. */
  labelHeading?: string;
}) {
  const rows = data.map((datum) => ({ ...datum, lines: wrapLabel(datum.label) }));
  const lineHeight = FONT_SIZE * 1.25;
  const rowStep = rows.some((row) => row.lines.length > 1) ? 46 : 32;
  const height = Math.max(rows.length, 1) * rowStep;

  const longestLine = Math.max(0, ...rows.flatMap((row) => row.lines.map((line) => line.length)));
  const labelWidth = Math.min(VIEW_WIDTH / 2, Math.ceil(longestLine * CHAR_WIDTH) + TEXT_GAP * 2);
  const longestValue = Math.max(0, ...data.map((datum) => countFormat.format(datum.value).length));
  const valueWidth = Math.ceil(longestValue * CHAR_WIDTH) + TEXT_GAP * 2;

  // Rows are keyed by position, as two labels may read the same.
  const y = scaleBand<number>()
    .domain(rows.map((_, index) => index))
    .range([0, height])
    .padding(0.2)
    .round(true);
  const x = scaleLinear()
    .domain([0, Math.max(1, ...data.map((datum) => datum.value))])
    .nice()
    .rangeRound([labelWidth, VIEW_WIDTH - valueWidth]);

  return (
    <ChartFigure
      title={title}
      description={description}
      summary={summariseBars(data)}
      height={height}
      table={
        <DataTable
          title={title}
          headings={[labelHeading, valueLabel]}
          rows={data.map((datum, index) => ({
            key: String(index),
            label: datum.label,
            value: datum.value,
          }))}
        />
      }
    >
      <line x1={x(0)} x2={x(0)} y1={0} y2={height} className="stroke-line" />
      {rows.map((row, index) => {
        const top = y(index) ?? 0;
        const middle = top + y.bandwidth() / 2;
        return (
          <g key={index}>
            <text
              x={labelWidth - TEXT_GAP}
              textAnchor="end"
              fontSize={FONT_SIZE}
              className="fill-ink-soft"
            >
              {row.lines.map((line, lineIndex) => (
                <tspan
                  key={lineIndex}
                  x={labelWidth - TEXT_GAP}
                  dominantBaseline="central"
                  y={middle + (lineIndex - (row.lines.length - 1) / 2) * lineHeight}
                >
                  {line}
                </tspan>
              ))}
            </text>
            <rect
              x={x(0)}
              y={top}
              width={x(row.value) - x(0)}
              height={y.bandwidth()}
              rx={2}
              className="fill-brand"
            >
              <title>{`${row.label}: ${countFormat.format(row.value)}`}</title>
            </rect>
            <text
              x={x(row.value) + TEXT_GAP}
              y={middle}
              dominantBaseline="central"
              fontSize={FONT_SIZE}
              className="fill-ink font-medium tabular-nums"
            >
              {countFormat.format(row.value)}
            </text>
          </g>
        );
      })}
    </ChartFigure>
  );
}

/** A column per day, oldest first; days without any value must be in `data` as 0. */
export function DailyChart({ title, description, data, valueLabel }: ChartProps<DailyDatum>) {
  const height = 220;
  const margin = { top: 12, right: 24, bottom: 30, left: 40 };

  const x = scaleBand<number>()
    .domain(data.map((_, index) => index))
    .range([margin.left, VIEW_WIDTH - margin.right])
    .paddingInner(0.2)
    .paddingOuter(0.1);
  const y = scaleLinear()
    .domain([0, Math.max(1, ...data.map((datum) => datum.value))])
    .nice(4)
    .rangeRound([height - margin.bottom, margin.top]);
  // The values are counts, so fractional ticks would name values that cannot occur.
  const ticks = y.ticks(4).filter(Number.isInteger);
  // Counted back from the latest day, so the most recent date is always labelled.
  const labelEvery = Math.ceil(data.length / MAX_DATE_LABELS);

  return (
    <ChartFigure
      title={title}
      description={description}
      summary={summariseDays(data)}
      height={height}
      table={
        <DataTable
          title={title}
          headings={["Day", valueLabel]}
          rows={data.map((datum) => ({
            key: datum.day,
            label: <time dateTime={datum.day}>{tableDateFormat.format(utcDay(datum.day))}</time>,
            value: datum.value,
          }))}
        />
      }
    >
      {ticks.map((tick) => (
        <g key={tick}>
          <line
            x1={margin.left}
            x2={VIEW_WIDTH - margin.right}
            y1={y(tick)}
            y2={y(tick)}
            className={tick === 0 ? "stroke-ink-soft" : "stroke-line"}
          />
          <text
            x={margin.left - TEXT_GAP}
            y={y(tick)}
            textAnchor="end"
            dominantBaseline="central"
            fontSize={AXIS_FONT_SIZE}
            className="fill-ink-soft tabular-nums"
          >
            {countFormat.format(tick)}
          </text>
        </g>
      ))}
      {data.map((datum, index) => {
        const left = x(index) ?? 0;
        const dayLabel = axisDateFormat.format(utcDay(datum.day));
        const labelled = (data.length - 1 - index) % labelEvery === 0;
        return (
          <g key={datum.day}>
            <rect
              x={left}
              y={y(datum.value)}
              width={x.bandwidth()}
              height={y(0) - y(datum.value)}
              className="fill-brand"
            >
              <title>{`${dayLabel}: ${countFormat.format(datum.value)}`}</title>
            </rect>
            {labelled ? (
              <text
                x={left + x.bandwidth() / 2}
                y={height - margin.bottom + TEXT_GAP + AXIS_FONT_SIZE}
                textAnchor="middle"
                fontSize={AXIS_FONT_SIZE}
                className="fill-ink-soft"
              >
                {dayLabel}
              </text>
            ) : null}
          </g>
        );
      })}
    </ChartFigure>
  );
}

function ChartFigure({
  title,
  description,
  summary,
  height,
  table,
  children,
}: {
  title: string;
  description: string;
  summary: string;
  height: number;
  table: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  const titleId = `${id}title`;
  const descriptionId = `${id}description`;
  return (
    // min-w-0: in a grid, a figure would otherwise widen to its drawing instead of scrolling it.
    <figure className="min-w-0 rounded-lg border border-line bg-white p-5">
      <figcaption>
        <span className="block font-semibold text-navy">{title}</span>
        <span className="mt-1 block text-sm text-ink-soft">{description}</span>
      </figcaption>
      {/* The name is the title alone, so the chart can be found by it; the numbers are its description. */}
      {/* Focusable, so a keyboard can scroll the drawing where it is wider than the screen. */}
      <div
        role="region"
        aria-label={`${title}, drawing`}
        tabIndex={0}
        className="mt-4 overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand"
      >
        <svg
          role="img"
          aria-labelledby={titleId}
          aria-describedby={descriptionId}
          viewBox={`0 0 ${VIEW_WIDTH} ${height}`}
          width={VIEW_WIDTH}
          height={height}
          className="overflow-visible"
        >
          <title id={titleId}>{title}</title>
          <desc id={descriptionId}>{`${description} ${summary}`}</desc>
          {children}
        </svg>
      </div>
      {table}
    </figure>
  );
}

function DataTable({
  title,
  headings: [labelHeading, valueHeading],
  rows,
}: {
  title: string;
  headings: [string, string];
  rows: { key: string; label: ReactNode; value: number }[];
}) {
  return (
    <details className="mt-4 text-sm">
      <summary className="cursor-pointer font-medium text-brand-strong">
        Show the data as a table
      </summary>
      <table className="mt-3 w-full border-collapse text-left">
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr className="border-b border-line text-ink-soft">
            <th scope="col" className="py-1.5 pr-4 font-medium">
              {labelHeading}
            </th>
            <th scope="col" className="py-1.5 text-right font-medium">
              {valueHeading}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-line last:border-b-0">
              <th scope="row" className="py-1.5 pr-4 font-normal">
                {row.label}
              </th>
              <td className="py-1.5 text-right tabular-nums">{countFormat.format(row.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** Splits a long label into two lines at the space that makes the longer line shortest. */
function wrapLabel(label: string): string[] {
  if (label.length <= LABEL_LINE_CHARS) return [label];
  let best: [string, string] | undefined;
  for (let space = label.indexOf(" "); space !== -1; space = label.indexOf(" ", space + 1)) {
    const lines: [string, string] = [label.slice(0, space), label.slice(space + 1)];
    if (!best || longerLength(lines) < longerLength(best)) best = lines;
  }
  return best ?? [label];
}

function longerLength([first, second]: [string, string]) {
  return Math.max(first.length, second.length);
}

function summariseBars(data: BarDatum[]) {
  if (data.length === 0) return "No data.";
  return `${data.map((datum) => `${datum.label}: ${countFormat.format(datum.value)}`).join("; ")}.`;
}

function summariseDays(data: DailyDatum[]) {
  const [first] = data;
  const last = data.at(-1);
  if (!first || !last) return "No days to show.";
  const peak = data.reduce((highest, datum) => (datum.value > highest.value ? datum : highest));
  const total = data.reduce((sum, datum) => sum + datum.value, 0);
  const span = `${data.length} days from ${axisDateFormat.format(utcDay(first.day))} to ${axisDateFormat.format(utcDay(last.day))}.`;
  const highest =
    peak.value > 0
      ? ` Highest: ${countFormat.format(peak.value)} on ${axisDateFormat.format(utcDay(peak.day))}.`
      : "";
  return `${span}${highest} Total: ${countFormat.format(total)}.`;
}

function utcDay(day: string) {
  return new Date(`${day}T00:00:00Z`);
}
