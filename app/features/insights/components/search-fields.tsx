// The post's search engine listing, as Ghost lays it out: meta title and description with their
// recommended lengths counted as the admin types, and a preview of the result as a search engine
// shows it (address, title, description), falling back to the title and excerpt as the site does.
import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { FormField, inputClass } from "~/components/ui/form-field";
import { brandSuffix } from "~/lib/meta";
import { brandedTitle } from "../meta-title";
import { useSiteConfig } from "~/lib/site-config";
import { RECOMMENDED_LENGTH } from "../post-form";
import { FALLBACK_SLUG, slugify } from "../slugs";

type TextField = FieldMetadata<string | undefined>;

export function SearchFields({
  fields,
}: {
  fields: {
    title: TextField;
    excerpt: TextField;
    slug: TextField;
    metaTitle: TextField;
    metaDescription: TextField;
  };
}) {
  const site = useSiteConfig();
  const { metaTitle, metaDescription } = fields;
  const slug =
    slugify(fields.slug.value ?? "") || slugify(fields.title.value ?? "") || FALLBACK_SLUG;
  const shownTitle = metaTitle.value?.trim() || fields.title.value?.trim() || "Post title";
  const shownDescription =
    metaDescription.value?.trim() || fields.excerpt.value?.trim() || "The post's excerpt.";
  return (
    <fieldset className="min-w-0 space-y-5 rounded-lg border border-line p-4">
      <legend className="px-1 font-semibold text-navy">Search engine listing</legend>
      <FormField label="Meta title" field={metaTitle}>
        {/* The suffix every page's title gets, beside the field (under it on a narrow screen). */}
        <div className="flex flex-wrap items-center gap-x-2">
          <input
            {...getInputProps(metaTitle, { type: "text" })}
            aria-describedby={`${metaTitle.id}-suffix ${metaTitle.id}-count`}
            placeholder={fields.title.value || undefined}
            className={`${inputClass} min-w-48 flex-1`}
          />
          <p id={`${metaTitle.id}-suffix`} className="mt-1 text-ink-soft">
            <span className="sr-only">Added after it on every page: </span>
            <span data-testid="meta-title-suffix">{brandSuffix(site.brand)}</span>
          </p>
        </div>
        <LengthCount
          id={`${metaTitle.id}-count`}
          used={metaTitle.value?.length ?? 0}
          recommended={RECOMMENDED_LENGTH.metaTitle}
        />
      </FormField>
      <FormField label="Meta description" field={metaDescription}>
        <textarea
          {...getTextareaProps(metaDescription)}
          rows={3}
          aria-describedby={`${metaDescription.id}-count`}
          placeholder={fields.excerpt.value || undefined}
          className={inputClass}
        />
        <LengthCount
          id={`${metaDescription.id}-count`}
          used={metaDescription.value?.length ?? 0}
          recommended={RECOMMENDED_LENGTH.metaDescription}
        />
      </FormField>
      <section aria-labelledby="search-preview-heading">
        <h3 id="search-preview-heading" className="font-medium text-navy">
          Search result preview
        </h3>
        <div
          data-testid="search-preview"
          className="mt-2 max-w-xl rounded-lg border border-line bg-white p-4 [overflow-wrap:anywhere]"
        >
          <p className="text-sm text-ink-soft">
            {site.origin}/insights/{slug}
          </p>
          <p className="mt-1 line-clamp-1 text-lg text-[#1a0dab]">
            {brandedTitle(shownTitle, site.brand)}
          </p>
          <p className="mt-1 line-clamp-2 text-sm text-ink-soft">{shownDescription}</p>
        </div>
      </section>
    </fieldset>
  );
}

function LengthCount({ id, used, recommended }: { id: string; used: number; recommended: number }) {
  return (
    <p id={id} className={`mt-1 text-sm ${used > recommended ? "text-red-700" : "text-ink-soft"}`}>
      Recommended: {recommended} characters. You’ve used {used}
    </p>
  );
}
