// Draws the results report as a PDF with @react-pdf/renderer: the brand, the score and level (or,
// with too many uncertain answers, the invitation to talk), the recommended next step and the ten
// answers, in the site's typefaces and colours. Server-only: the library is far too large for a
// page's JavaScript, and the report is made from the stored submission anyway.
import { createRequire } from "node:module";
import type ReactPdf from "@react-pdf/renderer";
import type { Styles } from "@react-pdf/renderer";
import { formatLongDate } from "~/lib/dates";
import type { SiteConfig } from "~/lib/site-config";
import type { AssessmentReport } from "./report.server";

// The colours of app/tailwind.css.
const colours = {
  ink: "#0f1b2d",
  inkSoft: "#33415c",
  navy: "#10243e",
  navyDeep: "#0a1628",
  brand: "#0f766e",
  brandStrong: "#115e59",
  accent: "#f2b134",
  accentSoft: "#fef3c7",
  paper: "#f8fafc",
  line: "#dbe3ec",
  slate: "#cbd5e1",
};

// The static @fontsource packages ship WOFF, which the PDF's font engine reads (not WOFF2, which
// the pages use). Resolved at run time from this module, so the lookup works from app/ under
// Vitest and from the bundled build/server/index.js alike. Latin Extended is a family of its own
// that text falls back to, so a name such as "Łukasz" keeps its letters.
const resolveFromHere = createRequire(import.meta.url).resolve;
const fontFile = (file: string) => resolveFromHere(`@fontsource/${file}`);

// The renderer (some 56 MB once loaded) loads with the first report asked for, not at start: most
// of the server's life is pages, which never need it. The components below draw with it once it is.
let pdf: typeof ReactPdf;
let loading: Promise<typeof ReactPdf> | undefined;

function loadRenderer() {
  loading ??= import("@react-pdf/renderer").then((renderer) => {
    registerFonts(renderer.Font);
    pdf = renderer;
    return renderer;
  });
  return loading;
}

function registerFonts(fonts: typeof ReactPdf.Font) {
  for (const subset of ["latin", "latin-ext"]) {
    const suffix = subset === "latin" ? "" : " Ext";
    fonts.register({
      family: `Inter${suffix}`,
      fonts: [400, 600].map((weight) => ({
        src: fontFile(`inter/files/inter-${subset}-${weight}-normal.woff`),
        fontWeight: weight,
      })),
    });
    fonts.register({
      family: `Fraunces${suffix}`,
      src: fontFile(`fraunces/files/fraunces-${subset}-600-normal.woff`),
      fontWeight: 600,
    });
  }
  // The engine would otherwise break long words with hyphens; a short answer reads better whole.
  fonts.registerHyphenationCallback((word) => [word]);
}

const TEXT = ["Inter", "Inter Ext"];
const DISPLAY = ["Fraunces", "Fraunces Ext"];

// What the renderer's StyleSheet.create would give back: the same object.
const styles = {
  // No line height here or on the views: the layout engine then leaves the fixed footer out, or
  // spaces lines twice as far.
  page: { fontFamily: TEXT, fontSize: 10.5, color: colours.ink, paddingTop: 40, paddingBottom: 56 },
  // Flush with the top of the first page; the pages after it keep their margin.
  banner: {
    marginTop: -40,
    backgroundColor: colours.navyDeep,
    color: "white",
    padding: "28 44 26",
  },
  brand: { fontFamily: DISPLAY, fontWeight: 600, fontSize: 14 },
  eyebrow: {
    marginTop: 22,
    color: colours.accent,
    fontSize: 9,
    fontWeight: 600,
    letterSpacing: 1.5,
    textTransform: "uppercase",
  },
  title: { marginTop: 6, fontFamily: DISPLAY, fontWeight: 600, fontSize: 24, lineHeight: 1.2 },
  preparedFor: { marginTop: 10, color: colours.slate },
  rule: { height: 4, backgroundColor: colours.brand },
  body: { padding: "24 44 0" },
  scoreCard: {
    flexDirection: "row",
    backgroundColor: colours.navy,
    color: "white",
    borderRadius: 8,
    padding: 22,
  },
  scoreColumn: { width: 130, paddingRight: 18 },
  label: { fontSize: 9, fontWeight: 600, color: colours.slate },
  score: { fontFamily: DISPLAY, fontWeight: 600, fontSize: 40, color: colours.accent },
  levelName: { marginTop: 2, fontFamily: DISPLAY, fontWeight: 600, fontSize: 15 },
  facts: { flexDirection: "row", marginTop: 12 },
  fact: { flex: 1, paddingRight: 10 },
  factValue: { marginTop: 2, fontSize: 12, fontWeight: 600 },
  consultation: { backgroundColor: colours.navy, color: "white", borderRadius: 8, padding: 22 },
  consultationTitle: { fontFamily: DISPLAY, fontWeight: 600, fontSize: 17 },
  consultationText: { marginTop: 8, color: colours.slate },
  section: { marginTop: 24 },
  sectionHeading: { fontFamily: DISPLAY, fontWeight: 600, fontSize: 15, color: colours.navy },
  nextStep: {
    marginTop: 8,
    backgroundColor: colours.paper,
    border: `1 solid ${colours.line}`,
    borderRadius: 8,
    padding: 16,
  },
  nextStepTitle: { fontSize: 12.5, fontWeight: 600 },
  muted: { marginTop: 4, color: colours.inkSoft },
  contactLine: { marginTop: 8, color: colours.brandStrong, fontWeight: 600 },
  answer: {
    flexDirection: "row",
    paddingVertical: 8,
    borderBottom: `1 solid ${colours.line}`,
  },
  answerNumber: { width: 22, fontWeight: 600, color: colours.brand },
  answerText: { flex: 1 },
  prompt: { color: colours.inkSoft },
  chosen: { marginTop: 2, fontWeight: 600 },
  footer: {
    position: "absolute",
    left: 44,
    right: 44,
    bottom: 24,
    flexDirection: "row",
    justifyContent: "space-between",
    fontSize: 8.5,
    color: colours.inkSoft,
  },
} satisfies Styles;

/** What a report says of the firm, and the zone its date is in. */
export type ReportSite = Pick<SiteConfig, "brand" | "origin" | "timeZone">;

/** `updatesUrl`: the signed page that subscribes the respondent, when that is the next step. */
export async function renderReportPdf(
  report: AssessmentReport,
  site: ReportSite,
  updatesUrl: string | null,
): Promise<Buffer> {
  const { renderToBuffer } = await loadRenderer();
  return renderToBuffer(<ReportDocument report={report} site={site} updatesUrl={updatesUrl} />);
}

function ReportDocument({
  report,
  site,
  updatesUrl,
}: {
  report: AssessmentReport;
  site: ReportSite;
  updatesUrl: string | null;
}) {
  const title = "Operational Efficiency Assessment Report";
  const date = formatLongDate(report.submittedAt, site.timeZone);
  return (
    <pdf.Document title={`${title}: ${report.company}`} author={site.brand} language="en">
      <pdf.Page size="LETTER" style={styles.page}>
        <pdf.View style={styles.banner}>
          <pdf.Text style={styles.brand}>{site.brand}</pdf.Text>
          <pdf.Text style={styles.eyebrow}>Operational Efficiency Assessment</pdf.Text>
          <pdf.Text style={styles.title}>Your Assessment Results</pdf.Text>
          <pdf.Text style={styles.preparedFor}>
            {`Prepared for ${report.name}, ${report.company}, on ${date}`}
          </pdf.Text>
        </pdf.View>
        <pdf.View style={styles.rule} />
        <pdf.View style={styles.body}>
          {report.recommendation.kind === "consultation" ? (
            <Consultation uncertainCount={report.uncertainCount} />
          ) : (
            <ScoreCard report={report} />
          )}
          <pdf.View style={styles.section} wrap={false}>
            <pdf.Text style={styles.sectionHeading}>Your Recommended Next Step</pdf.Text>
            <pdf.View style={styles.nextStep}>
              <pdf.Text style={styles.nextStepTitle}>{report.recommendation.title}</pdf.Text>
              <pdf.Text style={styles.muted}>{report.recommendation.description}</pdf.Text>
              {updatesUrl ? (
                // The page with the one button, as a PDF cannot post. Its signed address is longer
                // than a line, and the engine would break it with a hyphen that is not in it: it is
                // the link's target rather than its text.
                <pdf.Text style={styles.contactLine}>
                  {"Subscribe: "}
                  <pdf.Link src={updatesUrl}>
                    open the page that sends your confirmation email
                  </pdf.Link>
                </pdf.Text>
              ) : (
                <pdf.Text style={styles.contactLine}>
                  {`Get in touch: ${new URL("/contact", site.origin).href}`}
                </pdf.Text>
              )}
            </pdf.View>
          </pdf.View>
          <pdf.View style={styles.section}>
            <pdf.Text style={styles.sectionHeading} minPresenceAhead={60}>
              Your Answers
            </pdf.Text>
            {report.answers.map((answer, index) => (
              // A question is never parted from its answer by a page break.
              <pdf.View key={answer.id} style={styles.answer} wrap={false}>
                <pdf.Text style={styles.answerNumber}>{index + 1}.</pdf.Text>
                <pdf.View style={styles.answerText}>
                  <pdf.Text style={styles.prompt}>{answer.prompt}</pdf.Text>
                  <pdf.Text style={styles.chosen}>{answer.answer}</pdf.Text>
                </pdf.View>
              </pdf.View>
            ))}
          </pdf.View>
        </pdf.View>
        <pdf.View style={styles.footer} fixed>
          <pdf.Text>{`${site.brand} · ${title}`}</pdf.Text>
          <pdf.Text
            render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`}
          />
        </pdf.View>
      </pdf.Page>
    </pdf.Document>
  );
}

function ScoreCard({ report }: { report: AssessmentReport }) {
  const { level } = report;
  return (
    <pdf.View style={styles.scoreCard} wrap={false}>
      <pdf.View style={styles.scoreColumn}>
        <pdf.Text style={styles.label}>Your Efficiency Score</pdf.Text>
        <pdf.Text style={styles.score}>{`${report.efficiencyScore}%`}</pdf.Text>
      </pdf.View>
      <pdf.View style={{ flex: 1 }}>
        <pdf.Text style={styles.label}>Your level</pdf.Text>
        <pdf.Text style={styles.levelName}>{level.name}</pdf.Text>
        <pdf.View style={styles.facts}>
          <Fact term="Time waste per employee per week" value={level.timeWaste} />
          <Fact term="Cost impact (share of payroll)" value={level.costImpact} />
          <Fact term="Improvement opportunity" value={level.opportunity} />
        </pdf.View>
      </pdf.View>
    </pdf.View>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <pdf.View style={styles.fact}>
      <pdf.Text style={styles.label}>{term}</pdf.Text>
      <pdf.Text style={styles.factValue}>{value}</pdf.Text>
    </pdf.View>
  );
}

// The results page gives no score when too many answers were uncertain; nor does the report.
function Consultation({ uncertainCount }: { uncertainCount: number }) {
  return (
    <pdf.View style={styles.consultation} wrap={false}>
      <pdf.Text style={styles.consultationTitle}>Let&apos;s Complete the Picture Together</pdf.Text>
      <pdf.Text style={styles.consultationText}>
        {`You answered "I am not certain" to ${uncertainCount} of the six efficiency questions. That is common: the processes that cost the most are often the least visible. A score built on guesses would not serve you, so instead of a number we suggest a short conversation.`}
      </pdf.Text>
    </pdf.View>
  );
}
