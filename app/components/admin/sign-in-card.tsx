// The frame of the pages before the admin (sign in, confirm an email, enter a code): one narrow
// column on paper with its heading, an optional line under it, the page's notice, its form and a
// link onwards.
import type { ReactNode } from "react";
import { Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { ToastNotice } from "~/components/ui/toast-notice";
import type { Toast } from "~/lib/toast";

/** The white card each of these pages' forms sits in. */
export const signInFormClassName =
  "mt-8 space-y-5 rounded-xl bg-white p-6 shadow-sm ring-1 ring-line";

/** The form's one button, full width, unavailable while its form is on its way. */
export function SignInButton({ children }: { children: ReactNode }) {
  const navigation = useNavigation();
  return (
    <Button
      type="submit"
      variant="primary"
      size="large"
      disabled={navigation.state === "submitting"}
      className="w-full"
    >
      {children}
    </Button>
  );
}

export function SignInCard({
  title,
  intro,
  notice,
  link,
  children,
}: {
  title: string;
  intro?: ReactNode;
  notice: Toast | null | undefined;
  link: { to: string; label: string };
  children?: ReactNode;
}) {
  return (
    <div className="bg-paper">
      <div className="mx-auto max-w-md px-5 py-12 sm:px-8">
        <h1 className="text-center text-3xl font-semibold text-navy">{title}</h1>
        {intro ? <p className="mt-2 text-center text-ink-soft">{intro}</p> : null}
        {notice ? (
          <div className="mt-6" key={notice.id}>
            <ToastNotice toast={notice} takesFocus />
          </div>
        ) : null}
        {children}
        <p className="mt-6 text-center">
          <Link
            to={link.to}
            className="font-semibold text-brand-strong underline-offset-4 hover:underline"
          >
            {link.label}
          </Link>
        </p>
      </div>
    </div>
  );
}
