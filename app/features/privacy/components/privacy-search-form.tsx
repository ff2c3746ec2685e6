// The address a privacy request is about: a GET form, so the page works without JavaScript and
// a search can be opened again from its address; a wrong address is said beside the field.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/form-field";

export function PrivacySearchForm({ email, error }: { email: string; error?: string }) {
  return (
    <Form
      method="get"
      action="/admin/privacy"
      role="search"
      aria-label="Find one person's data"
      className="mt-6 flex flex-wrap items-end gap-4 rounded-lg bg-white p-4 ring-1 ring-line"
    >
      <div className="min-w-0 flex-1 basis-72">
        <label htmlFor="privacy-email" className="text-sm font-medium text-navy">
          Email address
        </label>
        <input
          id="privacy-email"
          type="email"
          name="email"
          defaultValue={email}
          required
          maxLength={254}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "privacy-email-error" : undefined}
          className={inputClass}
        />
        {error ? (
          <p id="privacy-email-error" className="mt-1 text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <Button type="submit" variant="primary">
        Search
      </Button>
    </Form>
  );
}
