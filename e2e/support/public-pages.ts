// The public pages and the headings the spec requires each to show, verbatim.
/** `h1` is given where the spec fixes its wording; every page must have exactly one h1. */
export type PublicPage = { path: string; h1?: string; headings: string[] };

export const marketingPages: PublicPage[] = [
  {
    path: "/",
    h1: "We Turn Hidden Process Inefficiencies Into Million-Dollar Savings",
    headings: [
      "Your Most Expensive Problems Don't Look Like Problems",
      "Measurable Operational Improvements",
      "Our Human-Centric Diagnostics Approach",
      "30-Day Value Discovery Promise",
      "Stop Accepting Expensive Normal",
    ],
  },
  {
    path: "/solutions",
    headings: [
      "Sprint",
      "Transform",
      "Optimize",
      "Custom",
      "AI-Ready Operations Assessment",
      "Build Your Stack",
    ],
  },
  {
    path: "/ethos",
    headings: ["What Drives Us", "What Makes Us Different", "How We Work"],
  },
  {
    path: "/team",
    headings: ["Dana Whitfield", "Marcus Oyelaran", "Priya Raman"],
  },
  { path: "/insights", h1: "Insights", headings: ["Featured Articles", "Latest Articles"] },
  {
    path: "/case-studies",
    h1: "Real Problems. Real Solutions. Real Results.",
    headings: ["Consistent Patterns"],
  },
  { path: "/contact", headings: [] },
  { path: "/terms-conditions", h1: "Terms & Conditions", headings: [] },
  { path: "/privacy-policy", h1: "Privacy Policy", headings: ["Your Colorado Privacy Rights"] },
  { path: "/efficiency-assessment", h1: "How Efficient Are Your Operations?", headings: [] },
  { path: "/assessment-results", h1: "No assessment data found", headings: [] },
];
