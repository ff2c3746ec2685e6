// A post whose preview link has no preview: which link, why in plain words (the refusal the fetch
// gave), and how to fetch it again.
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";

export const RETRY_PREVIEW_INTENT = "retry-preview";

type FailedPreview = {
  id: string;
  title: string;
  previewLink: string | null;
  previewFailure: string | null;
};

/**
 * In the list a "Try again" form fetches the preview again; in the edit form, where a form cannot
 * hold another, saving does (it fetches a link that has no preview).
 */
export function PreviewFailure({
  post,
  retry,
}: {
  post: FailedPreview;
  retry: "button" | "on-save";
}) {
  const navigation = useNavigation();
  const { previewLink: link, previewFailure: reason } = post;
  if (!link || !reason) return null;
  const sent = navigation.formData;
  const retrying = sent?.get("intent") === RETRY_PREVIEW_INTENT && sent.get("id") === post.id;
  return (
    <div className="mt-3 rounded-md border-l-4 border-accent bg-accent-soft px-4 py-3 text-sm text-navy-deep">
      <p>
        <span className="font-semibold">No link preview</span> for{" "}
        <a href={link} className="break-all underline underline-offset-2">
          {link}
        </a>
        : {reason}
        {retry === "on-save" ? " Saving the post fetches it again." : null}
      </p>
      {retry === "button" ? (
        <Form method="post" aria-label={`Link preview of ${post.title}`} className="mt-2">
          <input type="hidden" name="intent" value={RETRY_PREVIEW_INTENT} />
          <input type="hidden" name="id" value={post.id} />
          <Button type="submit" size="small" disabled={retrying}>
            Try again<span className="sr-only"> to fetch the link preview of {post.title}</span>
          </Button>
        </Form>
      ) : null}
    </div>
  );
}
