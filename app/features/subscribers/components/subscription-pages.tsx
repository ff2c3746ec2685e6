// The pages of a subscriber's links: the answer to a subscribe post without JavaScript, confirming
// a subscription, and unsubscribing. Each link's page asks for a press of its one button, since
// mail scanners open links: only the post it sends confirms or unsubscribes.
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { PageHero } from "~/components/ui/section";
import { useSiteConfig } from "~/lib/site-config";
import { SUBSCRIBE_PATH } from "../form";
import { SentLine } from "./subscribe-form";

const heroLinkClass = "font-medium text-white underline underline-offset-4";
// The site's call-to-action look on the dark banner (ButtonLink's primary), for a real button.
const heroButtonClass =
  "inline-flex items-center justify-center rounded-md bg-accent px-6 py-3 font-semibold text-navy-deep shadow-sm transition-colors hover:bg-[#f5c25a] disabled:cursor-wait disabled:opacity-70";

function LinkPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PageHero eyebrow="Insights" title={title} fillsWindow>
      {children}
    </PageHero>
  );
}

/** The answer to a subscribe post sent without JavaScript: the same whoever the address is. */
export function SubscribeSentPage({ email }: { email: string }) {
  return (
    <LinkPage title="Check your inbox">
      <div className="[&_p]:text-slate-200 [&_strong]:text-white">
        <SentLine email={email} />
      </div>
      <p className="mt-6">
        <Link to="/insights" className={heroLinkClass}>
          Back to Insights
        </Link>
      </p>
    </LinkPage>
  );
}

function SubscribeAgain({ children }: { children: ReactNode }) {
  return (
    <p className="mt-6">
      <Link to={SUBSCRIBE_PATH} className={heroLinkClass}>
        {children}
      </Link>
    </p>
  );
}

/**
 * A link that is not one we made, or no longer works: what may have happened and what to do, with
 * a way to subscribe again where that is the remedy.
 */
function BrokenLinkPage({
  subscribeAgain = false,
  children,
}: {
  subscribeAgain?: boolean;
  children: ReactNode;
}) {
  return (
    <LinkPage title="This link does not work">
      <p>{children}</p>
      {subscribeAgain && <SubscribeAgain>Subscribe again</SubscribeAgain>}
    </LinkPage>
  );
}

/** A post under way from this page's one form: its button waits and says so. */
function useSending() {
  const navigation = useNavigation();
  return navigation.state === "submitting";
}

export type ConfirmationPageState = "valid" | "expired" | "invalid" | "confirmed";

export function ConfirmationPage({ state }: { state: ConfirmationPageState }) {
  const sending = useSending();
  if (state === "confirmed") {
    return (
      <LinkPage title="You're subscribed">
        <p>
          We will email you each new article. Every email has a link to unsubscribe with one click.
        </p>
        <p className="mt-6">
          <Link to="/insights" className={heroLinkClass}>
            Read the latest articles
          </Link>
        </p>
      </LinkPage>
    );
  }
  if (state === "expired") {
    return (
      <LinkPage title="This link has expired">
        <p>A confirmation link works for 7 days. Subscribe again and we will send a new one.</p>
        <SubscribeAgain>Subscribe again</SubscribeAgain>
      </LinkPage>
    );
  }
  if (state === "invalid") {
    return (
      <BrokenLinkPage subscribeAgain>
        It may have been used already, or cut short in the email. If you confirmed already, you are
        subscribed; if not, subscribe again and we will send a new link.
      </BrokenLinkPage>
    );
  }
  return (
    <LinkPage title="Confirm your subscription">
      <p>Press the button to get each new Insights article by email.</p>
      <Form method="post" className="mt-8">
        <button type="submit" disabled={sending} className={heroButtonClass}>
          {sending ? "Confirming..." : "Confirm subscription"}
        </button>
      </Form>
    </LinkPage>
  );
}

export type UnsubscribePageState = "valid" | "invalid" | "unsubscribed";

export function UnsubscribePage({ state }: { state: UnsubscribePageState }) {
  const sending = useSending();
  const site = useSiteConfig();
  if (state === "unsubscribed") {
    return (
      <LinkPage title="You're unsubscribed">
        <p>
          You will get no more articles by email from us. Changed your mind? You can subscribe again
          at any time; we will ask you to confirm first.
        </p>
        <SubscribeAgain>Subscribe again</SubscribeAgain>
      </LinkPage>
    );
  }
  if (state === "invalid") {
    return (
      <BrokenLinkPage>
        This unsubscribe address is not one we made: it may have been cut short in the email. Use
        the link at the foot of any of our emails, or write to{" "}
        <a href={`mailto:${site.email}`} className={heroLinkClass}>
          {site.email}
        </a>{" "}
        and we will take you off the list.
      </BrokenLinkPage>
    );
  }
  return (
    <LinkPage title="Unsubscribe from Insights">
      <p>Press the button and we will stop emailing you new articles.</p>
      {/* The same field a mail program's one-click unsubscribe posts (RFC 8058). */}
      <Form method="post" className="mt-8">
        <button
          type="submit"
          name="List-Unsubscribe"
          value="One-Click"
          disabled={sending}
          className={heroButtonClass}
        >
          {sending ? "Unsubscribing..." : "Unsubscribe"}
        </button>
      </Form>
    </LinkPage>
  );
}
