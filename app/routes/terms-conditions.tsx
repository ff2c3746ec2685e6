// The Terms & Conditions page: the rules for using the website and the assessment, with its effective date.
import type { Route } from "./+types/terms-conditions";
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
    title: "Terms & Conditions",
    description:
      "The terms that govern your use of our website and the Operational Efficiency Assessment: what the content is and is not, acceptable use, liability and Colorado governing law.",
  });

export default function TermsConditions() {
  const site = useSiteConfig();
  const privacyLink = <Link to="/privacy-policy">Privacy Policy</Link>;

  const sections: LegalSection[] = [
    {
      id: "acceptance",
      title: "Acceptance of These Terms",
      body: (
        <>
          <p>
            These Terms &amp; Conditions (the “Terms”) govern your use of the website operated by{" "}
            {site.brand} (“{site.brand}”, “we”, “us” or “our”), including every page, form and the
            Operational Efficiency Assessment available on it (together, the “Website”). By
            accessing or using the Website you agree to these Terms. If you do not agree, please do
            not use the Website.
          </p>
          <p>
            If you use the Website on behalf of a company or other organisation, you confirm that
            you are authorised to accept these Terms on its behalf, and “you” includes that
            organisation. You must be at least 18 years old to submit information through the
            Website.
          </p>
          <p>
            Our {privacyLink} explains how we collect, use and protect personal information through
            the Website. It forms part of these Terms, so please read the two together.
          </p>
        </>
      ),
    },
    {
      id: "services",
      title: "Our Services and Website Content",
      body: (
        <>
          <p>
            {site.brand} is an operations-consulting firm based in Denver, Colorado. We provide
            process diagnostics, process reengineering, team training and ongoing operational
            advisory services to businesses.
          </p>
          <p>
            The Website describes those services and publishes articles, case studies and other
            material for <strong className={legalEmphasis}>general information only</strong>.
            Nothing on the Website is professional, financial, legal, tax, accounting or other
            advice about your particular situation, and reading it, sending us a message or
            completing the assessment does not create a client or advisory relationship. Please do
            not act on Website content without first taking advice that accounts for your own
            circumstances.
          </p>
          <p>
            We provide consulting services only under a separate written agreement signed by you and
            us (an “Engagement Agreement”). The Engagement Agreement, not the Website, sets out the
            scope, fees, deliverables and any commitments we make, including the conditions of any
            guarantee such as our 30-Day Value Discovery Promise. If an Engagement Agreement
            conflicts with these Terms, the Engagement Agreement prevails for the services it
            covers.
          </p>
          <p>
            Results described on the Website, including savings figures, time frames and returns on
            investment, come from particular past engagements or are illustrative. They are not a
            promise or a prediction of the results your organisation will achieve: outcomes depend
            on your business, your people and many factors outside our control. We may change the
            services we describe, how we deliver them and who delivers them at any time.
          </p>
        </>
      ),
    },
    {
      id: "assessment",
      title: "The Operational Efficiency Assessment",
      body: (
        <>
          <p>
            The Operational Efficiency Assessment is a free, short questionnaire that produces an
            efficiency score, an efficiency level and a suggested next step. When you use it, please
            keep the following in mind.
          </p>
          <ul className="space-y-2">
            <li>
              <strong className={legalEmphasis}>It is self-reported.</strong> Your result is
              calculated automatically and solely from the answers you give. We do not verify those
              answers, and the result can only be as accurate as they are.
            </li>
            <li>
              <strong className={legalEmphasis}>The score is indicative.</strong> It is a
              simplified, general indicator meant to start a conversation. It is not an audit, a
              diagnosis, a valuation or a professional opinion about your business, and it should
              not be the sole basis for any business, investment or employment decision.
            </li>
            <li>
              <strong className={legalEmphasis}>There is no guarantee.</strong> We do not guarantee
              that your score is accurate or complete, or that any savings or improvement it
              suggests can be achieved in your organisation.
            </li>
            <li>
              <strong className={legalEmphasis}>Your details.</strong> To see your result you give
              us your company name, your name and work email address and, if you choose, a phone
              number. We use them together with your answers as described in our {privacyLink},
              including to follow up with you about your result.
            </li>
          </ul>
          <p>
            Please answer in general terms and do not include confidential information, trade
            secrets or personal information about other people. Completing the assessment places you
            under no obligation to buy our services.
          </p>
        </>
      ),
    },
    {
      id: "intellectual-property",
      title: "Intellectual Property",
      body: (
        <>
          <p>
            The Website and its content, including text, articles, case studies, graphics,
            illustrations, logos, the assessment questions and scoring method, and the design and
            arrangement of the pages, are owned by or licensed to {site.brand} and are protected by
            United States and international copyright, trademark and other laws.
          </p>
          <p>
            We grant you a limited, revocable, non-exclusive and non-transferable licence to view
            the Website and to print or download a reasonable number of pages for your own internal
            reference, provided you keep all copyright and other notices intact. You are welcome to
            share links to our pages and to quote brief excerpts from our articles with attribution
            and a link to the source.
          </p>
          <p>
            Except as allowed above or by law, you may not copy, reproduce, republish, modify,
            distribute, sell or create derivative works from Website content without our prior
            written permission. The {site.brand} name and logo are our trademarks; you may not use
            them in a way that suggests our endorsement of, or affiliation with, you or anyone else.
            All rights not expressly granted in these Terms are reserved.
          </p>
        </>
      ),
    },
    {
      id: "your-submissions",
      title: "Information You Send Us",
      body: (
        <>
          <p>
            When you send a contact message or complete the assessment, you confirm that the
            information you provide is accurate, that it is yours or you are entitled to share it,
            and that sharing it does not break any law or infringe anyone’s rights.
          </p>
          <p>
            Please do not send confidential or commercially sensitive information through the
            Website. Until an Engagement Agreement or a signed confidentiality agreement is in
            place, we cannot accept obligations of confidentiality for business information sent to
            us unsolicited. Personal information you send is always handled as described in our{" "}
            {privacyLink}.
          </p>
          <p>
            If you send us suggestions or feedback about the Website or our services, we may use
            them freely and without any obligation to you.
          </p>
        </>
      ),
    },
    {
      id: "acceptable-use",
      title: "Acceptable Use",
      body: (
        <>
          <p>
            You agree to use the Website only for lawful purposes and in line with these Terms. In
            particular, you must not:
          </p>
          <ul className="space-y-2">
            <li>
              use the Website in a way that breaks any applicable law or regulation or infringes
              anyone’s rights;
            </li>
            <li>
              submit false or misleading information, submit someone else’s details without their
              permission, or impersonate any person or organisation;
            </li>
            <li>
              send spam, unsolicited advertising, or any virus, malware or other harmful code
              through our forms or otherwise;
            </li>
            <li>
              attempt to gain unauthorised access to the Website, its administration area, the
              systems and databases behind it, or any account that is not yours;
            </li>
            <li>
              probe, scan or test the vulnerability of the Website, or breach or circumvent its
              security, authentication, rate limits or other protective measures;
            </li>
            <li>
              interfere with or disrupt the Website, including by placing an unreasonable load on
              it;
            </li>
            <li>
              use robots, scrapers or other automated means to access, copy or harvest content or
              data from the Website, other than search-engine indexing that respects our robots.txt
              file.
            </li>
          </ul>
          <p>
            If you believe you have found a security vulnerability, please report it to us at{" "}
            <a href={`mailto:${site.email}`}>{site.email}</a> rather than testing it further. We
            appreciate responsible disclosure.
          </p>
          <h3>Administrator accounts</h3>
          <p>
            The administration area of the Website is for authorised {site.brand} staff only. If you
            hold an administrator account, you must keep your password confidential, must not share
            your account, and must tell us promptly if you suspect that someone else has used it.
            Access is granted at our discretion and we may suspend or remove it at any time.
          </p>
          <p>
            We may restrict, suspend or end your access to the Website, without notice, if we
            reasonably believe you have breached these Terms.
          </p>
        </>
      ),
    },
    {
      id: "third-party-links",
      title: "Third-Party Links",
      body: (
        <p>
          The Website contains links to, and previews of, websites and resources run by others, for
          example articles referenced in our Insights posts. We provide them for convenience only.
          We do not control and are not responsible for third-party content, products, services or
          privacy practices, and a link does not mean that we endorse or are affiliated with the
          third party. Your use of a third-party website is at your own risk and subject to that
          website’s own terms and policies.
        </p>
      ),
    },
    {
      id: "disclaimers",
      title: "Disclaimers",
      body: (
        <>
          <p>
            The Website, its content, and the assessment and its results are provided{" "}
            <strong className={legalEmphasis}>“as is” and “as available”</strong>. To the fullest
            extent permitted by law, we disclaim all warranties, whether express, implied or
            statutory, including implied warranties of merchantability, fitness for a particular
            purpose, title, non-infringement and accuracy.
          </p>
          <p>
            We work to keep the Website accurate and up to date, but we do not warrant that its
            content is complete, accurate or current, that the Website will be available,
            uninterrupted, secure or error-free, or that it and the servers that make it available
            are free of viruses or other harmful components. Articles reflect the date on which they
            were published and may no longer be current.
          </p>
          <p>
            Some jurisdictions do not allow certain warranties to be excluded, so some of these
            exclusions may not apply to you.
          </p>
        </>
      ),
    },
    {
      id: "limitation-of-liability",
      title: "Limitation of Liability",
      body: (
        <>
          <p>
            To the fullest extent permitted by law, {site.brand} and its owners, officers,
            employees, contractors and agents will not be liable for any indirect, incidental,
            special, consequential, exemplary or punitive damages, or for any loss of profits,
            revenue, savings, business opportunity, goodwill or data, arising from or relating to
            your use of, or inability to use, the Website, its content or the assessment. This
            applies whether the claim is based on contract, tort (including negligence), statute or
            any other legal theory, and even if we have been told that such damages are possible.
          </p>
          <p>
            Our total liability for all claims arising from or relating to the Website or these
            Terms is limited to one hundred US dollars (US$100).
          </p>
          <p>
            These limitations do not apply to liability that cannot be limited or excluded under
            applicable law. They do not govern consulting services provided under an Engagement
            Agreement, which sets out its own terms on liability.
          </p>
        </>
      ),
    },
    {
      id: "indemnity",
      title: "Indemnity",
      body: (
        <p>
          You agree to defend, indemnify and hold harmless {site.brand} and its owners, officers,
          employees, contractors and agents from and against any claims, liabilities, damages,
          losses and expenses, including reasonable attorneys’ fees, arising out of or relating to
          (a) your breach of these Terms, (b) your misuse of the Website, or (c) information you
          submit through the Website that breaks the law or infringes the rights of another person.
          We will tell you promptly about any such claim, and we may choose to control its defence
          at our own expense, in which case you agree to cooperate with us.
        </p>
      ),
    },
    {
      id: "governing-law",
      title: "Governing Law and Disputes",
      body: (
        <>
          <p>
            These Terms, and any dispute arising from or relating to them or to the Website, are
            governed by the laws of the State of Colorado, United States, without regard to its
            conflict-of-law rules.
          </p>
          <p>
            You and we agree that the state courts located in the City and County of Denver,
            Colorado, and the United States District Court for the District of Colorado, have
            exclusive jurisdiction over any such dispute, and each of us submits to the personal
            jurisdiction of those courts.
          </p>
          <p>
            Before starting any proceedings, please contact us so that we can try to resolve the
            matter informally; we will do the same. If the matter has not been resolved within 30
            days of one of us notifying the other in writing, either of us may go to court.
          </p>
        </>
      ),
    },
    {
      id: "changes",
      title: "Changes to These Terms",
      body: (
        <>
          <p>
            We may update these Terms from time to time, for example to reflect changes to the
            Website, our services or the law. When we do, we will publish the revised Terms on this
            page and change the effective date shown at the top. If a change is significant, we will
            also highlight it on the Website for a reasonable period.
          </p>
          <p>
            The revised Terms apply from their effective date. If you continue to use the Website
            after that date, you accept the revised Terms. We may also change, suspend or
            discontinue any part of the Website at any time.
          </p>
        </>
      ),
    },
    {
      id: "general",
      title: "General",
      body: (
        <>
          <p>
            These Terms, together with our {privacyLink}, are the entire agreement between you and
            us about your use of the Website. They do not replace any Engagement Agreement, which
            governs the services it covers.
          </p>
          <p>
            If any provision of these Terms is found to be unenforceable, it will be enforced to the
            maximum extent permitted and the remaining provisions will stay in full effect. Our
            failure to enforce a provision is not a waiver of our right to do so later. You may not
            transfer your rights under these Terms without our written consent; we may transfer ours
            in connection with a merger, acquisition or sale of all or part of our business.
            Headings are for convenience only.
          </p>
        </>
      ),
    },
    {
      id: "contact",
      title: "Contact Us",
      body: (
        <>
          <p>If you have any questions about these Terms, please contact us:</p>
          <LegalContactAddress />
        </>
      ),
    },
  ];

  return (
    <>
      <LegalDocument
        title="Terms & Conditions"
        summary="The rules for using our website and the Operational Efficiency Assessment."
        sections={sections}
        intro={
          <p>
            Please read these Terms carefully before using the Website. They are written to be
            readable, but they are a binding agreement between you and {site.brand}.
          </p>
        }
      />
    </>
  );
}
