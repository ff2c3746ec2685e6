// The Privacy Policy page: what personal information the website collects, why, and the rights people have.
import type { Route } from "./+types/privacy-policy";
import { Link } from "react-router";
import {
  LegalContactAddress,
  LegalDocument,
  legalEmphasis,
  type LegalSection,
} from "~/components/legal-document";
import { pageMeta } from "~/lib/meta";
import { useSiteConfig } from "~/lib/site-config";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Privacy Policy",
    description:
      "How we collect, use, share and protect the information you give us through our website and assessment, the essential cookies we use, and your Colorado privacy rights.",
  });

export default function PrivacyPolicy() {
  const site = useSiteConfig();
  const emailLink = <a href={`mailto:${site.email}`}>{site.email}</a>;

  const sections: LegalSection[] = [
    {
      id: "information-we-collect",
      title: "Information We Collect",
      body: (
        <>
          <p>
            We collect only the information we need to answer you, run the Website and keep it
            secure. Most of it you give us directly; a small amount is recorded automatically when
            you use the Website. We do not buy personal information or obtain it from data brokers.
          </p>
          <h3>Contact messages</h3>
          <p>
            When you use our contact form we collect your full name, your email address, your phone
            number if you choose to give it, the message you write, and the time you sent it.
          </p>
          <h3>Operational Efficiency Assessment</h3>
          <p>
            When you complete the assessment we collect your company name, your first and last name,
            your work email address and, if you choose to give it, your phone number. We also
            collect your answers about how your organisation operates (for example, time lost to
            rework and workarounds, time spent in meetings, project delays and how work continues
            when people are away), your role, how purchasing decisions are approved in your
            organisation and your timeline, together with the score, efficiency level and
            recommended next step calculated from your answers and the time you submitted them.
          </p>
          <h3>Button-click analytics</h3>
          <p>
            When you click one of our main call-to-action buttons, we record which button was
            clicked, the page it was on, a random identifier created for that single click, and the
            time of the click. The identifier is new for every click, is not stored on your device
            and cannot be used to connect one click to another. These records contain no name, email
            address or other contact details, and we use them only in aggregate, to learn which
            pages and buttons are useful.
          </p>
          <h3>Administrator accounts</h3>
          <p>
            For our staff who manage the Website, we keep the account email address, the password in
            the form of a one-way hash (never the password itself), whether the account has been
            confirmed and approved, records of sign-in sessions (a session identifier and when the
            session started, was last active and expires), and the blog posts the account holder
            writes or edits. The author name of a published post is shown on the Website.
          </p>
          <h3>Technical information</h3>
          <p>
            Like any website, our servers receive technical information with each request, such as
            your IP address, browser type, the page requested and the time. We use it to deliver
            pages, to limit repeated or automated form submissions and to investigate errors and
            security incidents, not to identify or profile visitors.
          </p>
          <p>
            We do not ask for sensitive information, such as health, financial account, racial or
            ethnic origin, religious beliefs or biometric data. Please do not include it in a
            message or assessment answer.
          </p>
        </>
      ),
    },
    {
      id: "how-we-use-information",
      title: "How We Use Information",
      body: (
        <>
          <p>We use personal information to:</p>
          <ul className="space-y-2">
            <li>reply to your contact message and continue the conversation you start;</li>
            <li>
              show you your assessment result and follow up with you by email or phone about it and
              about how we might help;
            </li>
            <li>
              notify our team when a message or an assessment arrives, so that the right person
              responds;
            </li>
            <li>prepare for and provide our services if you become a client;</li>
            <li>understand, in aggregate, which pages and buttons visitors find useful;</li>
            <li>run administrator accounts and publish the articles our staff write;</li>
            <li>
              protect the Website and its users, including preventing spam and abuse and
              investigating security incidents; and
            </li>
            <li>comply with our legal obligations and enforce our Terms &amp; Conditions.</li>
          </ul>
          <p>
            We do not use your information for targeted advertising, and we do not sell it. Your
            assessment score is calculated automatically, but it is only an indicative figure for
            your own information; we do not use it, or any other automated processing, to make
            decisions that have legal or similarly significant effects on you.
          </p>
          <p>
            If you would prefer us not to follow up after a message or an assessment, tell us and we
            will stop. We will not add you to a newsletter or other marketing list unless you ask us
            to, and any marketing email we send will include a simple way to unsubscribe.
          </p>
        </>
      ),
    },
    {
      id: "legal-bases",
      title: "Legal Bases and Consent",
      body: (
        <>
          <p>
            We collect personal information from you only when you choose to give it to us, by
            sending a message, completing the assessment or, for staff, creating an account. By
            submitting a form you ask us to use the information you provide for the purposes
            described in this policy. You can withdraw that permission at any time by contacting us;
            this does not affect anything we did before you withdrew it.
          </p>
          <p>
            If you are in the European Economic Area, the United Kingdom or Switzerland, or another
            place where the law requires a legal basis for using personal information, we rely on:
          </p>
          <ul className="space-y-2">
            <li>
              <strong className={legalEmphasis}>your request or a contract</strong>, when we answer
              your enquiry, give you your assessment result or take steps you ask for before an
              engagement, and when we run an account for a member of our staff;
            </li>
            <li>
              <strong className={legalEmphasis}>our legitimate interests</strong> in following up
              with business contacts who approached us, understanding how the Website is used in
              aggregate and keeping it secure, always balanced against your rights (you can object
              at any time);
            </li>
            <li>
              <strong className={legalEmphasis}>your consent</strong>, where we ask for it, which
              you can withdraw at any time; and
            </li>
            <li>
              <strong className={legalEmphasis}>legal obligations</strong>, when we must keep
              records or respond to lawful requests.
            </li>
          </ul>
          <p>
            We do not process sensitive data as defined by the Colorado Privacy Act. If we ever
            needed to, we would first ask for your clear, opt-in consent. We will not use your
            information for a purpose that is not reasonably necessary for, or compatible with, the
            purposes described here without your consent.
          </p>
        </>
      ),
    },
    {
      id: "sharing",
      title: "How We Share Information",
      body: (
        <>
          <p>
            <strong className={legalEmphasis}>We do not sell your personal data</strong>, and we do
            not share it with anyone for targeted or cross-context behavioural advertising. We share
            personal information only as follows:
          </p>
          <ul className="space-y-2">
            <li>
              <strong className={legalEmphasis}>Service providers</strong> that act on our behalf,
              such as the companies that host the Website and its database and the email delivery
              provider that carries contact messages, assessment notifications and our replies. They
              may use the information only to provide their services to us, under contracts that
              require them to protect it.
            </li>
            <li>
              <strong className={legalEmphasis}>Professional advisers</strong>, such as our lawyers,
              accountants and insurers, who are bound by duties of confidentiality.
            </li>
            <li>
              <strong className={legalEmphasis}>Legal requirements and protection</strong>: when the
              law, a court order or a lawful request from a public authority requires it, or when it
              is necessary to protect the rights, property or safety of {site.brand}, our clients or
              others.
            </li>
            <li>
              <strong className={legalEmphasis}>Business transfers</strong>: if {site.brand} is
              involved in a merger, acquisition or sale of all or part of its business, to the
              successor, which will remain bound by this policy for the information it receives.
            </li>
            <li>
              <strong className={legalEmphasis}>With your direction</strong>: whenever you ask us to
              share information with someone else.
            </li>
          </ul>
          <p>
            Some Insights articles show previews of external pages, and preview images may be loaded
            directly from the website that published them. When that happens, that website receives
            the technical information your browser sends with any request, such as your IP address,
            under its own privacy policy.
          </p>
          <p>
            We are based in the United States, and our service providers store and process
            information in the United States. If you use the Website from another country, your
            information will be transferred to and processed in the United States.
          </p>
        </>
      ),
    },
    {
      id: "cookies",
      title: "Cookies",
      body: (
        <>
          <p>
            We use only essential cookies, which the Website needs in order to work. We do not use
            advertising or tracking cookies, third-party analytics, social media pixels or similar
            technologies, and no advertising network tracks you on our Website. Because our cookies
            are strictly necessary, we do not show a cookie banner.
          </p>
          <ul className="space-y-2">
            <li>
              <strong className={legalEmphasis}>Staff sign-in session cookie.</strong> Set only when
              a member of our staff signs in to the administration area. It holds a random session
              identifier, is signed so that it cannot be altered, and cannot be read by scripts on
              the page. The session ends when the staff member signs out, after a period of
              inactivity, or at a fixed maximum lifetime, whichever comes first. Ordinary visitors
              never receive this cookie.
            </li>
            <li>
              <strong className={legalEmphasis}>Notices and assessment progress cookie.</strong> A
              short-lived cookie that carries one-time notices (such as confirmation that your
              message was sent) and your progress through the assessment and its latest result, so
              that moving between steps or refreshing the page does not lose your place. A notice is
              removed as soon as it has been shown, and the cookie expires on its own after a short
              time.
            </li>
          </ul>
          <p>
            You can block or delete cookies in your browser settings. If you do, the assessment may
            not keep your progress and staff will not be able to sign in, but the rest of the
            Website will continue to work.
          </p>
        </>
      ),
    },
    {
      id: "retention",
      title: "How Long We Keep Information",
      body: (
        <>
          <p>
            We keep personal information only for as long as we need it for the purposes described
            in this policy, and then delete it or make it anonymous:
          </p>
          <ul className="space-y-2">
            <li>
              <strong className={legalEmphasis}>Contact messages and assessment submissions</strong>
              : for as long as we are in conversation with you, and then for up to 24 months after
              our last contact, unless you become a client, in which case our engagement records are
              kept as our Engagement Agreement and the law require.
            </li>
            <li>
              <strong className={legalEmphasis}>Button-click records</strong>: for up to 24 months.
              They contain no contact details, and we may keep aggregate counts derived from them
              for longer.
            </li>
            <li>
              <strong className={legalEmphasis}>Administrator accounts</strong>: for as long as the
              staff member needs access. Expired sign-in sessions are removed routinely, and
              published articles remain online under their author’s name until we edit or remove
              them.
            </li>
            <li>
              <strong className={legalEmphasis}>Technical logs</strong>: for no longer than 90 days,
              unless we need them to investigate a specific security incident or misuse.
            </li>
          </ul>
          <p>
            We may keep information for longer where the law requires it or where we need it to
            establish, exercise or defend a legal claim. You can ask us to delete your information
            sooner at any time (see “Your Colorado Privacy Rights” below).
          </p>
        </>
      ),
    },
    {
      id: "security",
      title: "How We Protect Information",
      body: (
        <>
          <p>
            We use reasonable administrative, technical and physical safeguards that are appropriate
            to the information we hold. They include encrypted (HTTPS) connections, passwords stored
            only as strong one-way hashes, sign-in sessions that expire and can be revoked,
            protection against spam and automated abuse on our forms, and access to messages and
            assessment submissions limited to the staff who need it, through accounts that must be
            confirmed and approved.
          </p>
          <p>
            No website or system can be guaranteed to be completely secure. If a security breach
            affects your personal information, we will notify you and the relevant authorities as
            required by applicable law, including Colorado’s data breach notification law.
          </p>
        </>
      ),
    },
    {
      id: "colorado-privacy-rights",
      title: "Your Colorado Privacy Rights",
      body: (
        <>
          <p>
            The Colorado Privacy Act (CPA) gives Colorado residents rights over their personal data.
            The CPA applies only to businesses that meet certain thresholds, and it does not cover
            people acting in a commercial or employment context, so it may not strictly apply to us
            or to information you give us on behalf of your employer. We nevertheless honour the
            following rights for every Colorado resident who asks, and we will consider requests
            from anyone else in the same way.
          </p>
          <ul className="space-y-2">
            <li>
              <strong className={legalEmphasis}>Right of access</strong>: to confirm whether we
              process your personal data and to obtain a copy of it.
            </li>
            <li>
              <strong className={legalEmphasis}>Right to correction</strong>: to have inaccurate
              personal data corrected, taking into account the nature of the data and why we hold
              it.
            </li>
            <li>
              <strong className={legalEmphasis}>Right to deletion</strong>: to have the personal
              data we hold about you deleted.
            </li>
            <li>
              <strong className={legalEmphasis}>Right to data portability</strong>: to obtain your
              personal data in a portable, readily usable format that lets you transfer it to
              someone else, up to twice per calendar year.
            </li>
            <li>
              <strong className={legalEmphasis}>Right to opt out</strong>: of the processing of your
              personal data for targeted advertising, of the sale of your personal data, and of
              profiling in furtherance of decisions that produce legal or similarly significant
              effects concerning you. We do none of these things, but you may still send us an
              opt-out request and we will record it, so that it applies if our practices ever
              change. We also treat a recognised universal opt-out signal, such as Global Privacy
              Control, sent by your browser as a valid opt-out request.
            </li>
          </ul>
          <h3>How to make a request</h3>
          <p>
            Email us at {emailLink} with the subject “Privacy request”, or write to us at the postal
            address in the Contact Us section below. Tell us which right you want to exercise. To
            protect your information we need to confirm that the request comes from you: usually we
            will ask you to reply from the email address you used with us, and otherwise we will ask
            only for the information reasonably necessary to verify your identity. You may use an
            authorised agent to submit an opt-out request on your behalf.
          </p>
          <p>
            Making a request is free of charge, and we will never treat you differently, deny you
            our services or charge you a different price because you exercised your privacy rights.
          </p>
          <h3>When we will respond</h3>
          <p>
            We will respond to your request within 45 days of receiving it. If we reasonably need
            more time, taking into account the complexity and number of your requests, we may extend
            this period once by up to 45 additional days; if so, we will tell you within the first
            45 days and explain why. If we decline to act on your request, in whole or in part, we
            will tell you why within 45 days and explain how you can appeal.
          </p>
          <h3>How to appeal a decision</h3>
          <p>
            If we decline to act on your request, you may appeal our decision by replying to it or
            by emailing {emailLink} with the subject “Privacy appeal”, within a reasonable time of
            receiving it. A member of our team who was not involved in the original decision will
            review your appeal. We will tell you in writing what action we have taken, or why we
            have not acted, within 45 days of receiving your appeal. If we reasonably need more
            time, we may extend this period by up to 60 additional days, and we will tell you of the
            extension and the reasons for it within the first 45 days.
          </p>
          <p>
            If your appeal is denied, you may contact the Colorado Attorney General about your
            concerns: Colorado Department of Law, Consumer Protection Section, Ralph L. Carr
            Colorado Judicial Center, 1300 Broadway, 10th Floor, Denver, CO 80203, or online at{" "}
            <a href="https://coag.gov" rel="noreferrer">
              coag.gov
            </a>
            . We will include these details in our response to your appeal.
          </p>
          <p>
            If you live in another US state with a consumer privacy law, contact us in the same way
            and we will honour the rights that law gives you.
          </p>
        </>
      ),
    },
    {
      id: "childrens-privacy",
      title: "Children’s Privacy",
      body: (
        <p>
          The Website is intended for businesses and adults and is not directed to children. We do
          not knowingly collect personal information from anyone under 18. If you believe that a
          child has given us personal information, please contact us at {emailLink} and we will
          delete it promptly.
        </p>
      ),
    },
    {
      id: "changes",
      title: "Changes to This Policy",
      body: (
        <p>
          We may update this Privacy Policy from time to time, for example when we change how the
          Website works or when the law changes. When we do, we will publish the revised policy on
          this page and change the effective date shown at the top. If a change is significant, we
          will highlight it on the Website and, where we have your email address and the change
          affects information you gave us, we will tell you by email. We will not use information we
          have already collected in a materially different way without your consent where the law
          requires it.
        </p>
      ),
    },
    {
      id: "contact-us",
      title: "Contact Us",
      body: (
        <>
          <p>
            If you have questions about this Privacy Policy, want to exercise your privacy rights or
            have a concern about how we handle your information, please contact us:
          </p>
          <LegalContactAddress />
          <p>
            Please also read our <Link to="/terms-conditions">Terms &amp; Conditions</Link>, which
            govern your use of the Website.
          </p>
        </>
      ),
    },
  ];

  return (
    <>
      <LegalDocument
        title="Privacy Policy"
        summary="What we collect through our website, why we collect it, and the choices you have."
        sections={sections}
        intro={
          <>
            <p>
              This Privacy Policy explains how {site.brand} (“{site.brand}”, “we”, “us” or “our”)
              collects, uses, shares and protects personal information through our website (the
              “Website”), and the rights you have over that information. It applies to visitors, to
              people who send us a message or complete our Operational Efficiency Assessment, and to
              our staff who hold administrator accounts.
            </p>
            <p>
              It does not cover information we handle for a client during an engagement, which is
              governed by our agreement with that client, or third-party websites we link to. Please
              read it together with our <Link to="/terms-conditions">Terms &amp; Conditions</Link>.
            </p>
          </>
        }
      />
    </>
  );
}
