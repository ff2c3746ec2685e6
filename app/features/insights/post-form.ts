// The blog post form's one schema, used by the browser (conform) and the server action alike.
import { z } from "zod";
import { team } from "~/content/team";
import { instantFromZonedInput } from "~/lib/zoned-time";
import { NO_CONTROL_CHARACTERS_BUT_WHITESPACE, ONE_VALUE, requiredText } from "~/lib/form-fields";
import { MAX_TAG_LENGTH, MAX_TAGS, parseTags } from "./tags";
import { slugify } from "./slugs";

export const postLimits = {
  title: 200,
  excerpt: 1000,
  content: 200_000,
  previewLink: 2000,
  readTime: 40,
  slug: 200,
  metaTitle: 300,
  metaDescription: 500,
  coverAlt: 300,
} as const;

/** What search engines show in full, as Ghost counts it: longer text is cut in results. */
export const RECOMMENDED_LENGTH = { metaTitle: 60, metaDescription: 145 } as const;

/** Optional one-line text: trimmed, empty meaning not given. */
const optionalLine = (maxLength: number) =>
  z
    .string({ error: ONE_VALUE })
    .trim()
    .max(maxLength, `Please keep this under ${maxLength} characters.`)
    .regex(/^[^\p{Cc}]*$/u, "This contains characters that are not allowed.")
    .optional();

/** The fixed author list: the firm's team, the first being the form's default. */
export const AUTHORS = team.map((member) => member.name) as [string, ...string[]];

const MIN_YEAR = 1970;
const MAX_YEAR = 9999;

const postFields = z.object({
  id: z.string({ error: ONE_VALUE }).trim().max(64).optional(),
  title: requiredText("Please enter a title.", postLimits.title),
  author: z.enum(AUTHORS, { error: "Please choose one of the authors." }),
  excerpt: requiredText(
    "Please enter an excerpt.",
    postLimits.excerpt,
    NO_CONTROL_CHARACTERS_BUT_WHITESPACE,
  ).transform((text) => text.replace(/\r\n?/g, "\n")),
  content: z
    .string({
      error: (issue) =>
        issue.input === undefined ? "Please write the post's content." : ONE_VALUE,
    })
    .max(postLimits.content, `Please keep the content under ${postLimits.content} characters.`)
    // As HTML's parser reads them anyway; a body sent back unchanged then equals the stored one.
    .transform((html) => html.replace(/\r\n?/g, "\n")),
  previewLink: z
    .string({ error: ONE_VALUE })
    .trim()
    .max(postLimits.previewLink, "Please use a shorter link.")
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
      } catch {
        return false;
      }
    }, "Please enter a full link starting with http:// or https://.")
    .optional(),
  /** URLs of the current previews the admin chose to remove. */
  removePreview: z.array(z.string().max(postLimits.previewLink)).max(50).default([]),
  readTime: z
    .string({ error: ONE_VALUE })
    .trim()
    .max(postLimits.readTime, `Please keep the read time under ${postLimits.readTime} characters.`)
    .regex(/^[^\p{Cc}]*$/u, "This contains characters that are not allowed.")
    // Empty means counted from the text when the post is saved.
    .optional(),
  tags: z
    .string({ error: ONE_VALUE })
    .max(MAX_TAGS * (MAX_TAG_LENGTH + 2) * 2, "Please use fewer tags.")
    .default("")
    .transform(parseTags)
    .refine((tags) => tags.length <= MAX_TAGS, `Please use at most ${MAX_TAGS} tags.`)
    .refine(
      (tags) => tags.every((tag) => tag.length <= MAX_TAG_LENGTH),
      `Please keep each tag under ${MAX_TAG_LENGTH} characters.`,
    )
    .refine(
      (tags) => tags.every((tag) => /^[^\p{Cc}]*$/u.test(tag)),
      "Tags cannot contain control characters.",
    ),
  featured: z.boolean().default(false),
  published: z.boolean().default(false),
  /** "Email to subscribers": sent once to every confirmed subscriber when the post goes live. */
  emailSubscribers: z.boolean().default(false),
  /** The address the admin typed, made a slug; none means the title's. */
  slug: optionalLine(postLimits.slug).transform((value, context) => {
    const slug = value ? slugify(value) : "";
    if (value && !slug) {
      context.addIssue({ code: "custom", message: "Please use letters or digits in the slug." });
      return z.NEVER;
    }
    return slug;
  }),
  metaTitle: optionalLine(postLimits.metaTitle),
  metaDescription: optionalLine(postLimits.metaDescription),
  /** A new cover; the server reads and checks its bytes. An empty file input sends none. */
  cover: z.instanceof(File, { error: "Please choose one image file." }).optional(),
  coverAlt: optionalLine(postLimits.coverAlt),
  removeCover: z.boolean().default(false),
});

/**
 * The form's schema in the firm's zone: the published date is the browser's datetime-local value,
 * a wall time there, stored as the instant it names.
 */
export function postFormSchema(timeZone: string) {
  return postFields.extend({
    publishedDate: z
      .string({
        error: (issue) =>
          issue.input === undefined ? "Please enter the published date." : ONE_VALUE,
      })
      .transform((value, context) => {
        const date = instantFromZonedInput(value, timeZone);
        if (!date || date.getUTCFullYear() < MIN_YEAR || date.getUTCFullYear() > MAX_YEAR) {
          context.addIssue({
            code: "custom",
            message: "Please enter a date and time, such as 2026-11-23T09:30.",
          });
          return z.NEVER;
        }
        return date;
      }),
  });
}

export type PostFormInput = z.infer<ReturnType<typeof postFormSchema>>;
