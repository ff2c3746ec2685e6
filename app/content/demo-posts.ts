// Demo Insights posts seeded into an empty database so a new install shows a living blog.
import type { LinkPreview } from "~/db/schema";

export type DemoPost = {
  /** Stable key so seeding is idempotent (kebab-case). */
  key: string;
  title: string;
  /** 1-2 sentences, plain text, at most 260 characters. */
  excerpt: string;
  /** HTML body: p, h2, h3, strong, em, u, ul, ol, li, hr, a[href], br only. */
  content: string;
  author: "Dana Whitfield" | "Marcus Oyelaran" | "Priya Raman";
  /** Roughly words / 200, rounded up, e.g. "4 min read". */
  readTime: string;
  /** 2-4 short Title Case tags. */
  tags: string[];
  featured: boolean;
  published: boolean;
  /** How many days before seeding the post is dated. */
  publishedDaysAgo: number;
  linkPreviews: LinkPreview[];
};

export const demoPosts: DemoPost[] = [
  {
    key: "hidden-cost-of-hand-offs",
    title: "The Hidden Cost of a Hand-Off Nobody Owns",
    excerpt:
      "A process that should take four days takes eleven, and almost none of the difference is work. Here is how to find the queues hiding between your teams, and how to remove them.",
    content: `<p>Ask a team how long it takes to onboard a new customer and you will usually hear a confident number: three days, maybe four. Then follow a real customer through the process with a stopwatch, and the number changes. In a recent illustrative diagnostic at a 60-person services business, the quoted answer was four days. The measured median was eleven. Almost none of the extra seven days was spent working. It was spent waiting between people.</p>
<p>This is the most common pattern we find, and the easiest to miss. Every step in the process is done reasonably well by someone competent. The waste sits in the gaps between the steps, where no one is looking because no one owns them.</p>
<h2>Touch time versus elapsed time</h2>
<p>When we map a process, we record two numbers for every step: <strong>touch time</strong>, the minutes someone actually spends working on the item, and <strong>elapsed time</strong>, the clock time from when the step could start to when it finishes. The ratio between them is usually sobering.</p>
<p>In the onboarding example, the total touch time across sales, finance, operations and the account team came to roughly 3.5 hours. The elapsed time was eleven working days. That means the customer's request was being actively worked on for about 4% of its journey. The rest of the time it sat in an inbox, a shared drive or a queue, waiting for someone to notice it had arrived.</p>
<p>Figures like these vary from business to business, but we rarely see touch time above 15% of elapsed time in a process that crosses more than two teams. Independent benchmarks point the same way: the <a href="https://research.example.org/reports/handoff-delay-benchmark" rel="noopener noreferrer nofollow">Hand-Off Delay Benchmark</a> found queue time dominating in most of the cross-functional workflows it sampled.</p>
<h2>Why hand-offs leak</h2>
<p>Across dozens of process maps, the same four causes come up again and again:</p>
<ul>
<li><strong>No signal that work has arrived.</strong> The previous step finishes, saves a file and moves on. The next person finds out when they happen to check, or when the customer chases.</li>
<li><strong>Incomplete information.</strong> The receiving team cannot start because a field is missing, so the item bounces back. In the onboarding process, 38% of new accounts went back to sales at least once for a missing billing contact or tax number.</li>
<li><strong>Batching.</strong> Finance set up new accounts on Tuesdays and Thursdays. Sensible for finance, but it added an average of 1.8 days to every customer's wait.</li>
<li><strong>No owner for the whole journey.</strong> Each team measured its own step. Nobody measured the eleven days, so nobody was accountable for them.</li>
</ul>
<h2>Fixing the gaps, not the steps</h2>
<p>The instinct is to make each step faster: a new template here, a training session there. That rarely moves the elapsed time, because the steps were never the problem. What works is redesigning the hand-offs themselves.</p>
<ol>
<li><strong>Define "ready" for every hand-off.</strong> Write down exactly what the next team needs before it can start, and check for it before the item is passed on. A five-item checklist at the end of the sales step cut the bounce-back rate from 38% to under 5%.</li>
<li><strong>Make arrival visible.</strong> A hand-off should trigger a notification or land in a queue with an age counter, not in a folder someone has to remember to open.</li>
<li><strong>Challenge the batches.</strong> Ask whether a batch exists for a reason or out of habit. Moving account setup to a daily slot took almost two days out of the process at no extra cost.</li>
<li><strong>Give the journey an owner.</strong> One person tracks elapsed time from end to end and has the authority to escalate a stuck item, whichever team it is sitting with.</li>
</ol>
<p>Within six weeks, the median onboarding time at that client fell from eleven days to five. Nobody worked harder. The work simply stopped waiting.</p>
<hr>
<p>If you suspect your own processes carry the same hidden queues, our <a href="/efficiency-assessment">three-minute efficiency assessment</a> is a quick way to see where to look first.</p>`,
    author: "Dana Whitfield",
    readTime: "4 min read",
    tags: ["Process Design", "Hand-Offs", "Diagnostics"],
    featured: true,
    published: true,
    publishedDaysAgo: 4,
    linkPreviews: [
      {
        url: "https://research.example.org/reports/handoff-delay-benchmark",
        image: "/images/previews/handoff-delay-benchmark.svg",
        title: "Hand-Off Delay Benchmark: Where Cross-Team Work Really Waits",
        description:
          "A sample study of cross-functional workflows comparing hands-on working time with the time items spend queued between teams.",
        domain: "research.example.org",
      },
    ],
  },
  {
    key: "key-person-risk",
    title: "Key-Person Risk: The Process That Lives in One Person's Head",
    excerpt:
      "Most businesses have a critical process that only works because one person is there to run it. How to spot key-person risk, put a price on it and transfer the knowledge without a documentation marathon.",
    content: `<p>Every business we work with has at least one. The person who knows how payroll really runs when a public holiday falls on a Monday. The one who can fix the pricing spreadsheet when it throws an error. The one whose holiday gets scheduled around the quarter-end, not the other way round. They are usually among the most valued people in the company, and they are also one of its biggest unpriced risks.</p>
<p>We call this <strong>key-person risk</strong>: a critical process that only works because one specific person is there to run it. It is not a criticism of that person. It is almost always the result of someone competent quietly absorbing complexity that the organisation never got round to designing properly.</p>
<h2>How to spot it</h2>
<p>Key-person risk rarely announces itself. These questions surface it quickly:</p>
<ul>
<li>Which tasks get postponed when a particular person is on leave?</li>
<li>Which questions always end with "ask Sam"?</li>
<li>Which processes have no written steps, or written steps that nobody actually follows?</li>
<li>Who gets messages on holiday, and what are those messages about?</li>
</ul>
<p>In one illustrative engagement at a 45-person distributor, we asked the leadership team to list their critical processes and name who could run each one. Of 22 processes, 9 had exactly one capable person. Three of those nine depended on the same operations coordinator, who had been in the role for eleven years and was planning to reduce her hours.</p>
<h2>Putting a number on it</h2>
<p>Leaders tend to treat this as a vague worry until it has a cost attached. A simple estimate works: for each single-person process, ask what happens if that person is unavailable for two weeks without warning. How many orders are delayed, how many invoices go out late, and how many hours do others spend reconstructing what should have happened?</p>
<p>For the distributor, a two-week absence of the coordinator would have delayed roughly 140 customer orders and pushed about $90,000 of invoicing into the following month. That figure changed the conversation from "we should document things someday" to "we need to start this month". Work such as the <a href="https://www.example.com/insights/operational-resilience-survey" rel="noopener noreferrer nofollow">Operational Resilience Survey</a> suggests this is common: most mid-sized firms can name their critical people but have never tested what happens without them.</p>
<h2>Transferring knowledge without a documentation marathon</h2>
<p>The usual response is to ask the key person to "write everything down". It almost never works. They are already the busiest person in the room, and documentation written alone, from memory, misses the judgement calls that matter most. What works better is a structured transfer:</p>
<ol>
<li><strong>Shadow, then reverse-shadow.</strong> A second person watches the process run twice, then runs it twice while the expert watches. Gaps show up immediately.</li>
<li><strong>Capture decisions, not just steps.</strong> The valuable knowledge is the "if this, then that": when to override a default, which customer gets special treatment and why.</li>
<li><strong>Let the learner write the runbook.</strong> The learner drafts it, the expert corrects it. It takes a fraction of the expert's time and produces a document a newcomer can actually follow. A plain structure works best; this <a href="https://library.example.net/guides/runbook-template" rel="noopener noreferrer nofollow">five-heading runbook template</a> is a good starting point.</li>
<li><strong>Test it.</strong> Schedule a real cycle in which the expert is deliberately unavailable. Whatever breaks goes back into the runbook.</li>
</ol>
<p>At the distributor, we ran this for the nine single-person processes over ten weeks. Each now has at least two trained people and a runbook that has survived a live test. The coordinator still reduced her hours, and nothing broke.</p>
<p>Just as important was how it felt to her. We framed the work as capturing her expertise rather than replacing it, and she led the review of every runbook. Handled that way, knowledge transfer is recognition, not a threat. Handled badly, it is the fastest way to lose the very person you were trying not to depend on.</p>
<hr>
<p>Curious how exposed your own team is? Our <a href="/efficiency-assessment">efficiency assessment</a> asks what happens when key people go on holiday, and scores the answer.</p>`,
    author: "Priya Raman",
    readTime: "4 min read",
    tags: ["Key-Person Risk", "Knowledge Transfer", "Resilience"],
    featured: true,
    published: true,
    publishedDaysAgo: 11,
    linkPreviews: [
      {
        url: "https://www.example.com/insights/operational-resilience-survey",
        image: "/images/previews/operational-resilience-survey.svg",
        title: "Operational Resilience Survey: Critical Roles in Mid-Sized Firms",
        description:
          "Survey findings on how many critical processes depend on a single person, and how rarely firms test their cover arrangements.",
        domain: "www.example.com",
      },
      {
        url: "https://library.example.net/guides/runbook-template",
        image: "/images/previews/runbook-template.svg",
        title: "A Five-Heading Runbook Template for Critical Processes",
        description:
          "A plain, printable structure for capturing the steps, decisions, exceptions, contacts and recovery actions behind a critical process.",
        domain: "library.example.net",
      },
    ],
  },
  {
    key: "tool-sprawl",
    title: "Thirty-One Tools, No System: Untangling Tool Sprawl",
    excerpt:
      "Four tools for managing projects, three for customer contacts, and the most important system was a spreadsheet. Why tool sprawl happens, and how to audit, consolidate and connect your stack.",
    content: `<p>A 70-person professional services firm asked us to recommend a new project management platform. Their current one, they said, was not working. Before comparing vendors, we did something less exciting: we listed every piece of software the company paid for and asked who used it, for what, and where its data went next.</p>
<p>The list had 31 tools on it. Four of them managed tasks or projects in some form. Three held customer contact details. Two teams paid separately for overlapping e-signature products. And the most important "system" in the business was not on the list at all: a shared spreadsheet that reconciled time sheets against invoices, maintained by hand every Friday afternoon.</p>
<p>The project management platform was fine. The problem was everything around it.</p>
<h2>How sprawl happens</h2>
<p>Nobody sets out to build a tangle. Sprawl accumulates from reasonable local decisions. A team hits a problem, finds a tool that solves it, puts it on a company card and gets on with its week. Each purchase makes sense on its own. The cost shows up later, in the seams between tools:</p>
<ul>
<li><strong>Duplicate entry.</strong> The same client name, project code or hours are typed into two or three systems. At the services firm we counted 14 fields re-keyed between the CRM, the project tool and the finance system for every new engagement.</li>
<li><strong>Reconciliation work.</strong> When systems disagree, someone has to decide which is right. The Friday spreadsheet took about six hours a week, every week.</li>
<li><strong>Conflicting truth.</strong> In meetings, people argued about whose numbers were correct instead of what to do about them.</li>
<li><strong>Licence waste.</strong> Roughly 20% of paid seats had not been used in 90 days.</li>
</ul>
<h2>Audit before you add</h2>
<p>Our stack audit follows a simple sequence, and you can run a version of it yourself:</p>
<ol>
<li><strong>Inventory.</strong> List every tool, its owner, its cost and its active users. Card and expense statements are the most reliable source; the official IT list is usually incomplete.</li>
<li><strong>Map the data.</strong> For the five or six most important records in your business (client, project, order, invoice, employee), note which tool holds the master copy and which tools hold duplicates.</li>
<li><strong>Find the manual bridges.</strong> Wherever data moves between tools by copy and paste, export and import, or a person retyping it, mark it. These bridges are where the errors and the hours go.</li>
<li><strong>Decide the system of record.</strong> Each record gets one home. Everything else reads from it.</li>
</ol>
<p>If you want a ready-made inventory template, the <a href="https://tech.example.net/guides/saas-stack-audit" rel="noopener noreferrer nofollow">SaaS stack audit checklist</a> is a useful companion.</p>
<h2>Consolidate, then connect</h2>
<p>Only after the audit do we talk about integration, and the order matters. First remove what is redundant. At the services firm, retiring overlapping tools cut 9 subscriptions and about $38,000 a year in licences. Then connect what remains, so that a record created in one place flows to the others automatically.</p>
<p>For them that meant three integrations: a new engagement in the CRM created the project and its billing codes automatically, logged hours flowed to finance every night, and invoice status came back to the project view. The Friday spreadsheet was retired in week five. Re-keyed fields dropped from 14 to 2.</p>
<p>They never bought the new project management platform. They did not need one. What they needed was fewer tools that agreed with each other.</p>
<p>One rule we hold ourselves to on every engagement: <em>fix the process first, then automate what is left</em>. Connecting tools around a broken hand-off only makes the broken hand-off faster. If you would like help working out which is which, <a href="/contact">get in touch</a>.</p>`,
    author: "Marcus Oyelaran",
    readTime: "3 min read",
    tags: ["Tool Sprawl", "Systems Integration", "Automation"],
    featured: false,
    published: true,
    publishedDaysAgo: 19,
    linkPreviews: [
      {
        url: "https://tech.example.net/guides/saas-stack-audit",
        image: "/images/previews/saas-stack-audit.svg",
        title: "The SaaS Stack Audit Checklist",
        description:
          "A step-by-step inventory template for listing every tool, its owner, cost, active seats and the records it holds.",
        domain: "tech.example.net",
      },
    ],
  },
  {
    key: "meeting-audit",
    title: "The Meeting Audit: Give Your Leadership Team Back a Day a Week",
    excerpt:
      "Recurring meetings quietly consume the most expensive hours in a business. A four-question audit to decide which meetings to keep, shrink, convert to writing or retire.",
    content: `<p>Open the calendar of almost any department head in a growing company and you will find the same thing: a week that is more than half full before any real work is scheduled. Standing meetings, status updates, syncs, check-ins, pre-meetings for the meetings. Each was created for a good reason. Very few have ever been cancelled.</p>
<p>Meeting load is one of the largest costs in a business and one of the least examined, because it never appears on an invoice. It is paid for in the most senior hours the company has.</p>
<h2>Put a price on the calendar</h2>
<p>Start with arithmetic. Take one recurring meeting, multiply the number of attendees by its length, and multiply that by a loaded hourly cost. A weekly 90-minute leadership meeting with eight people at an illustrative $120 an hour costs about $1,440 a week, or roughly $70,000 a year. Add the preparation time and the follow-up meetings it spawns, and the true figure is often closer to double.</p>
<p>When we run this calculation across all the recurring meetings of a leadership team, the totals are usually startling. In one illustrative 120-person company, recurring internal meetings for the top 15 managers added up to just over 40% of their working week.</p>
<h2>The audit</h2>
<p>We put every recurring meeting through a straightforward four-question test:</p>
<ol>
<li><strong>What decision or output is this meeting for?</strong> If nobody can name one, it is a candidate for removal.</li>
<li><strong>Could the information be shared in writing?</strong> Status updates almost always can. Reading a one-page update takes three minutes; listening to eight people give one takes forty.</li>
<li><strong>Does everyone invited need to be there?</strong> Count how many attendees speak or decide. The rest can read the notes.</li>
<li><strong>Is the frequency right?</strong> Many weekly meetings exist because weekly was the default, not because decisions arrive weekly.</li>
</ol>
<p>Each meeting then gets one of four outcomes: <strong>keep</strong>, <strong>shrink</strong> (fewer people or less time), <strong>convert</strong> (to a written update) or <strong>retire</strong>. We ask teams to retire meetings on a trial basis for four weeks. If something genuinely breaks, the meeting comes back. It rarely does.</p>
<h2>Redesign the meetings that remain</h2>
<p>Cutting meetings is half the job. The other half is making the survivors worth attending:</p>
<ul>
<li><strong>Decisions first.</strong> The agenda lists the decisions needed, not the topics to discuss.</li>
<li><strong>Pre-read, not presentation.</strong> Updates go out the day before. The meeting starts with questions, not slides.</li>
<li><strong>One owner per action.</strong> Every decision and action leaves the room with a single named owner and a date, recorded in a shared log.</li>
<li><strong>A hard stop.</strong> Meetings end on time, even if the agenda is not finished. Unfinished items go to the log with an owner.</li>
</ul>
<p>The most common objection is that meetings are where alignment happens. Sometimes that is true. More often, the meeting is compensating for something else: information that lives in tools nobody trusts, or decisions that have no clear owner. Fix those and the need for the meeting shrinks on its own.</p>
<p>In one of our own engagements, a leadership team's weekly status meeting went from five hours to thirty minutes once project status came from a single tracker and every open question had an owner. You can read how in our <a href="/case-studies">case studies</a>.</p>
<hr>
<p>Try the audit on your own calendar this week. Pick your three longest recurring meetings and ask the four questions. You may find a day you did not know you had.</p>`,
    author: "Dana Whitfield",
    readTime: "3 min read",
    tags: ["Meetings", "Leadership", "Productivity"],
    featured: false,
    published: true,
    publishedDaysAgo: 33,
    linkPreviews: [],
  },
  {
    key: "change-that-sticks",
    title: "Why Process Changes Fade After Six Weeks, and How to Make Them Stick",
    excerpt:
      "Most process changes don't fail at launch; they erode around week six. What causes the drift, and the practical steps that keep a change in place at the 90-day mark.",
    content: `<p>Most operational improvements do not fail at launch. They fail quietly, around week six. The new intake form is live, the new approval route is documented, everyone has been trained. Then a busy month arrives, a few people slip back to the old way "just this once", and by the end of the quarter the old way is the way again. Nobody decided to abandon the change. It simply eroded.</p>
<p>We see this pattern so consistently that we now plan for it from the first day of an engagement. Making a change stick is not a communications exercise tacked on at the end. It is a design problem from the start.</p>
<h2>Why changes erode</h2>
<p>When we look back at changes that faded, the causes are usually mundane:</p>
<ul>
<li><strong>The old way still works.</strong> If the old spreadsheet is still there and the old email address still receives requests, people will use them under pressure.</li>
<li><strong>Nobody owns the new process.</strong> The project team that designed it has moved on, and no one in the business feels responsible for keeping it healthy.</li>
<li><strong>The change was done to people, not with them.</strong> Those who do the work were consulted once, if at all, and the new design missed a real-world exception they handle every week.</li>
<li><strong>Nobody is measuring it.</strong> Without a visible number, drift goes unnoticed until it is complete.</li>
</ul>
<h2>Designing for adoption</h2>
<p>The practices below are not complicated. What matters is doing all of them, deliberately, rather than hoping momentum will carry the change.</p>
<h3>Involve the people who do the work</h3>
<p>Before finalising any redesign, we walk it through with two or three of the people who will actually run it, using real cases from the past month. In one illustrative finance team, this single session surfaced four exceptions the new invoice-approval flow could not handle. Fixing them before launch avoided exactly the kind of workaround that drags people back to the old way.</p>
<h3>Remove the old path</h3>
<p>Retire the old form, archive the old spreadsheet, redirect the old inbox. If the old path must remain for a transition period, set an end date and announce it. Keeping both paths open indefinitely guarantees the old one wins on busy days.</p>
<h3>Name an owner and a measure</h3>
<p>Every changed process needs one owner inside the business and one or two numbers that show whether it is working: cycle time, the share of requests going through the new route, the rework rate. The owner reviews them weekly for the first 90 days, then monthly.</p>
<h3>Reinforce at the moments that matter</h3>
<p>Training at launch fades. Short refreshers at the moments of greatest pressure, such as the first month-end or the first peak week after launch, do far more. So does recognition: when a team lead publicly thanks someone for using the new process during a crunch, it tells everyone the change is real.</p>
<h2>What good looks like at 90 days</h2>
<p>We consider a change embedded when three things are true at the 90-day mark: at least 90% of the work flows through the new process, the owner can explain the numbers without help, and the people doing the work can describe <em>why</em> the change was made.</p>
<p>In an illustrative rollout of a new purchase-request process, adoption dipped to 71% in week five, exactly when a quarter-end crunch hit. Because the owner was watching the number weekly, a 20-minute refresher and the removal of an old email shortcut brought it back above 90% within a fortnight. Without the weekly number, nobody would have noticed until the old shortcut had become the norm again.</p>
<p>Change that sticks is rarely about the launch. It is about what you do in the unglamorous weeks afterwards. If you are planning a change and want it to last, <a href="/contact">talk to us</a> before you launch, not after it fades.</p>`,
    author: "Priya Raman",
    readTime: "4 min read",
    tags: ["Change Management", "Adoption", "Process Design"],
    featured: false,
    published: true,
    publishedDaysAgo: 52,
    linkPreviews: [],
  },
  {
    key: "faster-month-end-close",
    title: "Closing the Books in Five Days Instead of Twelve",
    excerpt:
      "A twelve-day month-end close is rarely an accounting problem. Where the days really go, and four changes that took an illustrative finance team to a five-day close without adding headcount.",
    content: `<p>Ask the finance team at a growing company how long month-end close takes and you will often hear "about two weeks". Ask what they spend those two weeks doing and the answer is rarely accounting. It is chasing: missing receipts, unapproved invoices, unreconciled bank lines, and numbers from other teams that arrive late or in the wrong format.</p>
<p>A slow close costs more than the finance team's overtime. When the books close on day twelve, leadership spends the rest of the month making decisions on numbers that are already six weeks old. Getting to a five-day close is less about working faster and more about removing the reasons the work waits.</p>
<h2>Where the days go</h2>
<p>In a typical diagnostic, we list every close task, who does it, what it depends on and when it actually finishes. For an illustrative 90-person company with a twelve-day close, the breakdown looked like this:</p>
<ul>
<li><strong>Days 1-4:</strong> waiting for inputs. Expense reports, supplier invoices and sales commission data arrived from other teams, often incomplete.</li>
<li><strong>Days 3-7:</strong> bank and card reconciliation, done by exporting statements and matching lines by hand in a spreadsheet. Roughly 1,100 transactions a month.</li>
<li><strong>Days 6-10:</strong> accruals and adjustments, many of them recalculated from scratch each month.</li>
<li><strong>Days 10-12:</strong> review, corrections and reporting, with corrections frequently sending work back to earlier steps.</li>
</ul>
<p>The actual accounting judgement in all of that amounted to perhaps two days. The rest was collection, matching and rework.</p>
<h2>Four changes that shorten the close</h2>
<ol>
<li><strong>Move work out of the close window.</strong> Reconciliation does not have to wait for month-end. Connecting the bank feed to the accounting system and matching daily meant that by the last day of the month, about 85% of transactions were already reconciled.</li>
<li><strong>Set input deadlines and make them visible.</strong> Every team that supplies data got a clear deadline (working day 1 or 2) and a shared checklist showing what had arrived. Late inputs stopped being a finance problem and became a visible team commitment.</li>
<li><strong>Automate the repeatable.</strong> Matching rules handled recurring transactions, standard accruals were templated, and receipts were captured at the point of purchase by a mobile app feeding the ledger directly, instead of being collected by email at month-end.</li>
<li><strong>Close in a fixed sequence.</strong> A day-by-day close calendar, with an owner for every task, replaced the informal "everyone starts on everything" approach. Dependencies became explicit, so nobody waited on work that had not been started.</li>
</ol>
<h2>What it took, and what it did not</h2>
<p>The company reached a six-day close in the second month and a five-day close by the fourth. It did not need a new ERP system, and it did not need extra headcount. Finance overtime in close week dropped from an average of 14 hours per person to under 4.</p>
<p>The technology changes were modest: a bank feed, matching rules, a receipt-capture app and a shared close checklist. Apart from the receipt app, everything was configured in tools the company already paid for. The bigger shift was in sequence and ownership. Technology removed the manual matching; the calendar and the input deadlines removed the waiting.</p>
<p>One caution we give every finance leader: automate reconciliation only after you have cleaned up the chart of accounts and the matching logic. Automation applied to a messy ledger produces messy results, just faster.</p>
<hr>
<p>If your close regularly runs past the first week, that is usually a sign of process waste upstream of finance rather than a finance problem. Our <a href="/efficiency-assessment">efficiency assessment</a> takes three minutes and shows where to start.</p>`,
    author: "Marcus Oyelaran",
    readTime: "3 min read",
    tags: ["Month-End Close", "Finance Operations", "Automation"],
    featured: false,
    published: true,
    publishedDaysAgo: 78,
    linkPreviews: [],
  },
  {
    key: "approval-bottlenecks",
    title: "Approval Bottlenecks: When Every Decision Waits for the Same Signature",
    excerpt:
      "When approvals take minutes but the waiting takes days, your controls are slowing the business without reducing risk. How to redesign approval chains around value and risk.",
    content: `<p>Here is a quick test. Pick any request in your business that needs sign-off: a purchase, a discount, a new hire, a contract change. Now find out how long it spends waiting for approval compared with how long the approval itself takes. In most of the companies we work with, the approval takes minutes. The waiting takes days.</p>
<p>Approval steps are meant to control risk. Over time, many of them stop doing that and simply set the pace of the business, routed through a handful of senior people who are already the busiest in the company.</p>
<h2>How approval chains grow</h2>
<p>Approvals accumulate the way meetings do. Something goes wrong once, a control is added, and the control stays long after the problem has been solved. Growth makes it worse: a rule that made sense when the founder saw every purchase becomes a queue when the company has 150 people.</p>
<p>In an illustrative diagnostic at a manufacturing business, we traced every approval route for purchases, pricing exceptions and expenses. We found that:</p>
<ul>
<li>Purchase requests needed up to four signatures, regardless of value. A $60 order of safety gloves followed the same route as a $40,000 machine part.</li>
<li>The operations director was an approver on 70% of all routes and had, on average, 35 items waiting at any one time.</li>
<li>The median wait for a purchase approval was 3.5 working days. The median time actually spent reviewing was under two minutes.</li>
<li>Around a quarter of approvals were given on a phone, between meetings, without the reviewer opening the attachment.</li>
</ul>
<p>That last point matters. An approval that is rubber-stamped under time pressure delivers the delay without the control.</p>
<h2>Redesigning approvals around risk</h2>
<p>The goal is not to remove controls. It is to put real scrutiny where the risk is, and let everything else move.</p>
<ol>
<li><strong>Tier by value and risk.</strong> Routine, low-value requests within budget are pre-approved or approved by the team lead. Only high-value or unusual requests go up the chain. At the manufacturer, 80% of purchase requests fell below a $1,000 threshold.</li>
<li><strong>One approver per tier.</strong> Sequential signatures from people who each assume someone else checked the detail add time, not safety. One accountable approver is better than four partial ones.</li>
<li><strong>Set a service level.</strong> Approvers commit to a response time, for example one working day. Items that exceed it escalate automatically or go to a named deputy.</li>
<li><strong>Review after the fact.</strong> For low-risk categories, a monthly review of spending against budget catches problems more reliably than a pre-approval nobody reads.</li>
</ol>
<h2>Results, and a word on trust</h2>
<p>After the redesign, the median purchase approval time fell from 3.5 days to under half a day, and the operations director's queue dropped from 35 items to about 6. Spending stayed within budget, and in its first quarter the monthly review caught two supplier billing errors that the old approval chain had missed.</p>
<p>The hardest part was not the workflow. It was persuading senior people to let go of approvals they had held for years. What helped was data: showing how little time each approval actually received, and how much delay it created downstream. Removing an approval can feel like losing control. Done well, it is how leaders get control back, by spending their attention where it matters.</p>
<p>If your team spends more time waiting on signatures than doing the work, <a href="/contact">let's talk</a>.</p>`,
    author: "Dana Whitfield",
    readTime: "3 min read",
    tags: ["Approvals", "Bottlenecks", "Process Design"],
    featured: false,
    published: false,
    publishedDaysAgo: 2,
    linkPreviews: [],
  },
];
