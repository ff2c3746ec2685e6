// The firm's three people: used by the Team page, the Home teaser, and (later) article author cards.
export type TeamProfile = {
  id: string;
  name: string;
  title: string;
  /** Path under public/; replace the file to use a real photograph. */
  image: string;
  /** One sentence for teasers. */
  summary: string;
  bio: string[];
  focus: string[];
};

export const team: TeamProfile[] = [
  {
    id: "dana-whitfield",
    name: "Dana Whitfield",
    title: "Founder & Operational Systems Designer",
    image: "/images/team/dana-whitfield.svg",
    summary:
      "Maps how work really flows through a business and redesigns the systems behind it so they hold up under pressure.",
    bio: [
      "Dana spent fifteen years inside operations teams at logistics, healthcare and software companies before founding the firm. She learned early that the most expensive problems rarely show up on a dashboard: they hide in hand-offs, workarounds and the knowledge that lives in one person's head.",
      "She leads every diagnostic engagement, interviewing the people who do the work, tracing processes end to end and turning what she finds into operating systems that a team can run without her.",
    ],
    focus: ["Process diagnostics", "Workflow redesign", "Operating cadence"],
  },
  {
    id: "marcus-oyelaran",
    name: "Marcus Oyelaran",
    title: "Technology Integration Specialist",
    image: "/images/team/marcus-oyelaran.svg",
    summary:
      "Connects the tools a business already pays for so data moves once, automatically, and nobody retypes it.",
    bio: [
      "Marcus has integrated ERP, CRM, ticketing and finance systems for companies from twenty to two thousand people. His rule is simple: fix the process first, then automate what is left, and never buy a new tool to paper over a broken hand-off.",
      "On engagements he audits the technology stack, removes duplicate entry and manual reconciliation, and builds integrations and automations that the client's own team can maintain.",
    ],
    focus: ["Systems integration", "Automation", "AI readiness"],
  },
  {
    id: "priya-raman",
    name: "Priya Raman",
    title: "Strategic Change Management Expert",
    image: "/images/team/priya-raman.svg",
    summary:
      "Makes sure new ways of working stick, by designing the change with the people who have to live with it.",
    bio: [
      "Priya has guided organisations through mergers, reorganisations and system roll-outs, and has seen how often a sound plan fails because the people it affects were brought in too late. She designs adoption into the work from the first week.",
      "She runs stakeholder interviews, training and the hand-over at the end of each engagement, so that ownership of every new process transfers fully to the client's team.",
    ],
    focus: ["Change adoption", "Training & enablement", "Knowledge transfer"],
  },
];
