// The Case Studies page's copy: the three engagements, the patterns they share and the challenges we solve.
import { figures } from "./figures";

type ClientQuote = { text: string; attribution: string };

export type CaseStudy = {
  /** Also the anchor on /case-studies, so other pages can link straight to one study. */
  id: string;
  /** The kind of business, kept generic because clients asked to stay anonymous. */
  sector: string;
  /** The one-line result shown before the reader opens the full story. */
  headline: string;
  title: string;
  challenge: string;
  problem: string;
  solutions: string[];
  results: string[];
  clientQuote: ClientQuote;
};

export const caseStudies: CaseStudy[] = [
  {
    id: "technology-company-1-3m",
    sector: "Technology company",
    headline: `${figures.headlineClientSavings} saved a year`,
    title: `How a Growing Technology Company Recovered ${figures.headlineClientSavings} a Year From Its Own Calendar`,
    challenge: `A fast-growing software company had doubled its headcount, and its leadership team felt slower than ever. Every Monday, department heads sat through a status meeting that ran for ${figures.meetingHoursBefore}, and the week's real decisions still slipped to the following Monday. Engineering leads were pulled into meetings to explain delays instead of preventing them.`,
    problem:
      "The meetings were a symptom. Project status lived in three tools that disagreed with each other, so the only update anyone trusted was a person saying it out loud. No decision had a named owner or a deadline, which meant every open question came back to the full leadership group. The calendar had quietly become the company's operating system, and it ran on the most expensive hours in the business.",
    solutions: [
      "Mapped every recurring leadership meeting against the decisions it was meant to produce, and retired the ones that produced none",
      "Made the project tracker the single source of truth and connected it to the CRM and finance system, so status is entered once",
      "Replaced spoken status updates with a short written brief, generated from the tracker and read before the meeting",
      "Introduced a decision log in which every open question has one owner, a deadline and a recorded outcome",
      "Coached leaders to run a decisions-only meeting with a fixed agenda and a hard stop",
    ],
    results: [
      `${figures.headlineClientSavings} a year in recovered leadership, engineering and coordination time`,
      `The weekly leadership meeting cut from ${figures.meetingHoursBefore} to ${figures.meetingMinutesAfter}`,
      "Decisions made in the week they are raised, and recorded where everyone can find them",
      "Engineering leads back on delivery work, with fewer late surprises in product releases",
    ],
    clientQuote: {
      text: "We thought we had a meeting problem. It turned out we had an information problem, and once that was fixed the meetings almost disappeared on their own.",
      attribution: "Chief Operating Officer, technology company",
    },
  },
  {
    id: "service-organisation-order-to-cash",
    sector: "Service organisation",
    headline: `${figures.secondClientSavings} saved a year`,
    title: `How a Service Organisation Stopped Losing ${figures.secondClientSavings} a Year Between the Sale and the Invoice`,
    challenge:
      "A multi-site service business was winning more work every quarter, yet its margins were shrinking. Month-end invoicing took the finance team more than a week, clients regularly disputed their bills, and the operations manager spent evenings reconciling spreadsheets to work out what had actually been delivered.",
    problem:
      "Sales, scheduling and billing each kept their own record of every client and job. The same details were typed in three times, by three teams, with three chances to get them wrong. Changes agreed on site rarely reached finance, so extra work went unbilled while mistakes turned into credit notes. Nobody owned the hand-off between teams, so nobody could see the money leaking through it.",
    solutions: [
      "Traced real jobs from signed quote to paid invoice and priced every re-keying step, delay and correction along the way",
      "Created one client and job record, shared by sales, scheduling and finance",
      "Connected the CRM, the scheduling tool and the accounting system, so data entered once flows everywhere it is needed",
      "Added a simple change-order step to the field team's checklist, so agreed extras are captured and billed",
      "Automated the weekly reconciliation checks and documented the new order-to-cash process with named owners",
    ],
    results: [
      `${figures.secondClientSavings} a year saved through recovered billable work and removed manual effort`,
      "Invoices sent as soon as a job closes, instead of in a month-end rush",
      "Billing disputes and credit notes reduced to the occasional exception",
      "Continued growth absorbed by the existing administrative team, with no new hires needed",
    ],
    clientQuote: {
      text: "Our people were working harder every month just to stand still. Now the systems carry the data, and the team spends its time on clients.",
      attribution: "Managing Director, service organisation",
    },
  },
  {
    id: "operations-downtime-prevention",
    sector: "Operations-intensive business",
    headline: "Downtime losses prevented",
    title:
      "How an Operations-Intensive Business Made Sure One Absence Could No Longer Stop the Line",
    challenge:
      "A production business ran around the clock on a handful of critical machines. Breakdowns were rare, but when they happened the cost was immediate: idle crews, missed shipments and penalty clauses. Leadership knew the business was exposed after an outage stretched from hours into days while the one technician who understood the equipment was on leave.",
    problem:
      "Maintenance ran on memory. Procedures, settings and the quirks of each machine lived in the head of a single senior technician, and spare parts were reordered when someone noticed they had run out. With no written procedures and no preventive schedule, every fault became an emergency, and every emergency depended on whether the right person was in the building.",
    solutions: [
      "Shadowed the senior technician and captured each critical procedure as a step-by-step visual guide",
      "Built a preventive maintenance schedule in the maintenance software the business already owned",
      "Set up a critical spare parts list with minimum stock levels and automatic reorder alerts",
      "Cross-trained additional technicians on every critical machine, signed off against the new guides",
      "Wrote a breakdown escalation playbook, so any shift responds in the right order with the right people",
    ],
    results: [
      "Downtime losses prevented: faults are now caught during planned maintenance, before they stop production",
      "No single absence can halt the line, because every critical procedure has trained back-up",
      "Emergency repairs replaced by scheduled work, with the right parts already on the shelf",
      "New technicians productive in weeks rather than months, trained from the written guides",
    ],
    clientQuote: {
      text: "For years our biggest risk was one person's holiday. Now the knowledge belongs to the business, and our senior technician finally takes his full leave.",
      attribution: "Operations Director, operations-intensive business",
    },
  },
];

export type Pattern = {
  /** Which of the four recurring outcomes this is: timeline, ROI, sustainability or knowledge transfer. */
  label: string;
  title: string;
  description: string;
};

export const consistentPatterns: Pattern[] = [
  {
    label: "Timeline",
    title: `Results in ${figures.transformationDays} days`,
    description: `Each of these engagements produced measurable results within ${figures.transformationDays} days, well inside our ${figures.resultsWithinDays}-day commitment. We work in weeks, not in eighteen-month programmes.`,
  },
  {
    label: "ROI",
    title: `A ${figures.roiRange} return`,
    description: `Savings are measured against a baseline agreed before the work starts, and they have consistently returned ${figures.roiRange} the fee.`,
  },
  {
    label: "Sustainability",
    title: "Improvements that last",
    description:
      "Changes are built into the tools, routines and responsibilities a business already has, so they keep working on an ordinary week, long after we have gone.",
  },
  {
    label: "Knowledge transfer",
    title: "Your team owns the result",
    description:
      "Every process is documented, every owner is trained and every automation is handed over. Our clients go on improving their operations without calling us back.",
  },
];

export type CommonChallenge = { title: string; description: string };

export const commonChallenges: CommonChallenge[] = [
  {
    title: "Meetings that stand in for systems",
    description:
      "When status only exists in people's heads, leaders have to meet to share it. We make status visible, so meetings can be about decisions.",
  },
  {
    title: "Knowledge trapped in one person",
    description:
      "Critical know-how that lives with a single employee is a risk that shows up on their first day off. We write it down and spread it across the team.",
  },
  {
    title: "Data typed in more than once",
    description:
      "Re-keying the same information into several tools wastes hours and breeds errors. We connect the systems you already pay for.",
  },
  {
    title: "Approvals that stall the work",
    description:
      "Requests wait days for a signature that adds no value. We redesign approval paths around real risk rather than habit.",
  },
  {
    title: "Processes that did not grow with you",
    description:
      "What worked for a team of twenty breaks at a hundred. We rebuild the workflows to fit the business you are now, and the one you are becoming.",
  },
  {
    title: "Firefighting instead of prevention",
    description:
      "When every week brings the same emergencies, the cause sits upstream. We find it and fix it, so the fires stop starting.",
  },
];
