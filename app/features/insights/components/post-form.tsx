// 'Create New Blog Post' / 'Edit Blog Post': every field of a post, working with and without
// JavaScript (then the content is a plain HTML textarea).
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { useMemo, useState } from "react";
import type { LinkPreview } from "~/db/schema";
import { FormField, inputClass } from "~/components/ui/form-field";
import { AUTHORS, postFormSchema, postLimits } from "../post-form";
import { readTimeFor } from "../read-time";
import { formatTags } from "../tags";
import {
  formatDateTime,
  instantFromZonedInput,
  timeZoneLabel,
  zonedInputValue,
} from "~/lib/zoned-time";
import { useTimeZone } from "~/lib/site-config";
import { RichTextEditor } from "./rich-text-editor";
import { Button, buttonClassName } from "~/components/ui/button";
import type { Cover } from "~/features/covers";
import { CoverField } from "./cover-field";
import { PreviewFailure } from "./preview-failure";
import { SearchFields } from "./search-fields";

/** A post as the edit form receives it from the loader. */
export type EditablePost = {
  id: string;
  title: string;
  author: string;
  excerpt: string;
  content: string;
  previewLink: string | null;
  readTime: string;
  readTimeByStaff: boolean;
  tags: string[];
  featured: boolean;
  published: boolean;
  publishedDate: Date;
  linkPreviews: LinkPreview[];
  previewFailure: string | null;
  slug: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  cover: Cover | null;
  emailSubscribers: boolean;
  /** When its email to subscribers was queued; null until then. */
  newsletterQueuedAt: Date | null;
};

const POST_FORM_INTENTS = { save: "save" };

export function PostForm({
  post,
  lastResult,
  openedAt,
}: {
  post: EditablePost | null;
  lastResult: SubmissionResult | null | undefined;
  /** When the form was opened: the default published date of a new post. */
  openedAt: string;
}) {
  const navigation = useNavigation();
  const editing = post !== null;
  const timeZone = useTimeZone();
  const schema = useMemo(() => postFormSchema(timeZone), [timeZone]);
  const [form, fields] = useForm({
    id: `post-form-${post?.id ?? "new"}`,
    lastResult,
    defaultValue: {
      id: post?.id,
      title: post?.title ?? "",
      author: post?.author ?? AUTHORS[0],
      excerpt: post?.excerpt ?? "",
      content: post?.content ?? "",
      previewLink: post?.previewLink ?? "",
      // Empty while the read time is counted from the text; staff's own value otherwise.
      readTime: post?.readTimeByStaff ? post.readTime : "",
      tags: formatTags(post?.tags ?? []),
      publishedDate: zonedInputValue(new Date(post?.publishedDate ?? openedAt), timeZone),
      featured: post?.featured ? "on" : undefined,
      published: (post?.published ?? true) ? "on" : undefined,
      emailSubscribers: (post?.emailSubscribers ?? true) ? "on" : undefined,
      slug: post?.slug ?? "",
      metaTitle: post?.metaTitle ?? "",
      metaDescription: post?.metaDescription ?? "",
      coverAlt: post?.cover?.alt ?? "",
    },
    constraint: {
      title: { required: true, maxLength: postLimits.title },
      excerpt: { required: true, maxLength: postLimits.excerpt },
      previewLink: { required: false, maxLength: postLimits.previewLink },
      readTime: { required: false, maxLength: postLimits.readTime },
      publishedDate: { required: true },
      slug: { required: false, maxLength: postLimits.slug },
      metaTitle: { required: false, maxLength: postLimits.metaTitle },
      metaDescription: { required: false, maxLength: postLimits.metaDescription },
      coverAlt: { required: false, maxLength: postLimits.coverAlt },
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const [content, setContent] = useState(String(fields.content.initialValue ?? ""));

  const submission = navigation.state === "submitting" ? navigation.formData : undefined;
  const saving = submission?.get("intent") === POST_FORM_INTENTS.save;
  const fetchingPreviews = saving && String(submission?.get("previewLink") ?? "").trim() !== "";
  const contentLabelId = `${fields.content.id}-label`;
  const previewsToShow = post?.linkPreviews ?? [];
  // The zone's short name where the date stands (MST or MDT), as typed so far.
  const publishedAt =
    instantFromZonedInput(String(fields.publishedDate.value ?? ""), timeZone) ??
    new Date(post?.publishedDate ?? openedAt);
  const counted = readTimeFor(content);

  return (
    <section
      aria-labelledby="post-form-heading"
      className="mt-8 rounded-xl bg-white p-6 shadow-sm ring-1 ring-line"
    >
      <h2 id="post-form-heading" className="text-2xl font-semibold text-navy">
        {editing ? "Edit Blog Post" : "Create New Blog Post"}
      </h2>
      {fetchingPreviews ? (
        <p
          role="status"
          className="mt-4 rounded-md border border-brand/40 bg-brand-soft px-4 py-3 font-semibold text-navy"
        >
          Fetching link previews...
        </p>
      ) : null}
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        noValidate
        className="mt-6 space-y-5"
      >
        {editing ? <input {...getInputProps(fields.id, { type: "hidden" })} /> : null}
        <FormField label="Title" required field={fields.title}>
          <input {...getInputProps(fields.title, { type: "text" })} className={inputClass} />
        </FormField>
        <FormField label="Slug" field={fields.slug}>
          <input
            {...getInputProps(fields.slug, { type: "text" })}
            aria-describedby={`${fields.slug.id}-hint`}
            placeholder="made from the title"
            className={inputClass}
          />
          <p id={`${fields.slug.id}-hint`} className="mt-1 text-sm text-ink-soft">
            The article’s address: /insights/your-slug. Leave it empty to make it from the title.
            {editing ? " Earlier addresses keep working and lead here." : null}
          </p>
        </FormField>
        <FormField label="Author" required field={fields.author}>
          <select {...getSelectProps(fields.author)} className={inputClass}>
            {AUTHORS.map((author) => (
              <option key={author} value={author}>
                {author}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Excerpt" required field={fields.excerpt}>
          <textarea {...getTextareaProps(fields.excerpt)} rows={3} className={inputClass} />
        </FormField>
        <div>
          <label id={contentLabelId} htmlFor={fields.content.id} className="font-medium text-navy">
            Content
            <span className="text-red-700" aria-hidden="true">
              {" "}
              *
            </span>
          </label>
          <div className="mt-1">
            <RichTextEditor
              id={fields.content.id}
              name={fields.content.name}
              defaultValue={String(fields.content.initialValue ?? "")}
              labelId={contentLabelId}
              invalid={!fields.content.valid}
              describedBy={fields.content.errors?.length ? fields.content.errorId : undefined}
              onChange={setContent}
            />
          </div>
          {fields.content.errors?.length ? (
            <p id={fields.content.errorId} className="mt-1 text-sm text-red-700">
              {fields.content.errors.join(" ")}
            </p>
          ) : null}
        </div>
        <CoverField current={post?.cover ?? null} fields={fields} />
        <FormField label="Preview Link" field={fields.previewLink}>
          <input
            {...getInputProps(fields.previewLink, { type: "url" })}
            placeholder="https://example.com/article"
            className={inputClass}
          />
        </FormField>
        {post ? <PreviewFailure post={post} retry="on-save" /> : null}
        {previewsToShow.length > 0 ? (
          <fieldset>
            <legend className="font-medium text-navy">Current Link Previews</legend>
            <ul className="mt-2 space-y-3">
              {previewsToShow.map((preview) => (
                <CurrentPreview key={preview.url} preview={preview} name="removePreview" />
              ))}
            </ul>
          </fieldset>
        ) : null}
        <FormField label="Read Time" field={fields.readTime}>
          <input
            {...getInputProps(fields.readTime, { type: "text" })}
            placeholder={counted}
            aria-describedby={
              fields.readTime.errors?.length
                ? `${fields.readTime.errorId} ${fields.readTime.id}-hint`
                : `${fields.readTime.id}-hint`
            }
            className={inputClass}
          />
          <p id={`${fields.readTime.id}-hint`} className="mt-1 text-sm text-ink-soft">
            Counted from the text when left empty: {counted}. Type your own to use it instead.
          </p>
        </FormField>
        <FormField label="Tags" field={fields.tags}>
          <input
            {...getInputProps(fields.tags, { type: "text" })}
            placeholder="Operations, Process design"
            aria-describedby={`${fields.tags.id}-hint`}
            className={inputClass}
          />
          <p id={`${fields.tags.id}-hint`} className="mt-1 text-sm text-ink-soft">
            Comma separated.
          </p>
        </FormField>
        <FormField
          label={`Published Date in ${timeZoneLabel(timeZone, publishedAt)}`}
          required
          field={fields.publishedDate}
        >
          <input
            {...getInputProps(fields.publishedDate, { type: "datetime-local" })}
            aria-describedby={`${fields.publishedDate.id}-hint`}
            className={inputClass}
          />
          <p id={`${fields.publishedDate.id}-hint`} className="mt-1 text-sm text-ink-soft">
            A future date schedules the post: it stays off the site until then.
          </p>
        </FormField>
        <SearchFields fields={fields} />
        <div className="flex flex-wrap gap-6">
          <label className="flex items-center gap-2 font-medium text-navy">
            <input
              {...getInputProps(fields.featured, { type: "checkbox" })}
              className="size-4 accent-brand"
            />
            Featured Post
          </label>
          <label className="flex items-center gap-2 font-medium text-navy">
            <input
              {...getInputProps(fields.published, { type: "checkbox" })}
              className="size-4 accent-brand"
            />
            Published
          </label>
          <div>
            <label className="flex items-center gap-2 font-medium text-navy">
              <input
                {...getInputProps(fields.emailSubscribers, { type: "checkbox" })}
                aria-describedby={`${fields.emailSubscribers.id}-hint`}
                className="size-4 accent-brand"
              />
              Email to subscribers
            </label>
            <p id={`${fields.emailSubscribers.id}-hint`} className="mt-1 text-sm text-ink-soft">
              <EmailingHint queuedAt={post?.newsletterQueuedAt ?? null} />
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-3 pt-2">
          <Button
            type="submit"
            name="intent"
            value={POST_FORM_INTENTS.save}
            disabled={saving}
            variant="primary"
          >
            {editing ? "Update Post" : "Create Post"}
          </Button>
          <Link to="/admin/blog" className={buttonClassName()}>
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}

/** Whether ticking the box still does anything: a post is emailed once, when it goes live. */
function EmailingHint({ queuedAt }: { queuedAt: Date | null }) {
  const timeZone = useTimeZone();
  if (!queuedAt) return <>Sent once to every confirmed subscriber when the post goes live.</>;
  return (
    <>
      Emailed to subscribers on{" "}
      <time dateTime={new Date(queuedAt).toISOString()}>
        {formatDateTime(new Date(queuedAt), timeZone)}
      </time>
      ; saving again sends nothing. Use Send again in the list to email it once more.
    </>
  );
}

function CurrentPreview({ preview, name }: { preview: LinkPreview; name: string }) {
  return (
    <li className="flex gap-4 rounded-lg border border-line p-3">
      {preview.image ? (
        <img src={preview.image} alt="" className="size-16 shrink-0 rounded object-cover" />
      ) : null}
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-ink">{preview.title}</p>
        {preview.description ? (
          <p className="mt-1 line-clamp-2 text-sm text-ink-soft">{preview.description}</p>
        ) : null}
        <p className="mt-1 text-xs text-ink-soft">{preview.domain}</p>
      </div>
      <label className="flex shrink-0 items-start gap-2 text-sm font-semibold text-red-800">
        <input type="checkbox" name={name} value={preview.url} className="mt-0.5 size-4" />
        Remove<span className="sr-only"> the preview of {preview.domain}</span>
      </label>
    </li>
  );
}
