// The post's cover image: the current one (with a way to remove it), a file to upload instead,
// and its description for people who cannot see it, which a cover must have.
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { FormField, inputClass } from "~/components/ui/form-field";
import { COVER_ACCEPT, COVER_LIMITS, CoverPicture, type Cover } from "~/features/covers";

export function CoverField({
  current,
  fields,
}: {
  current: Cover | null;
  fields: {
    cover: FieldMetadata<File | undefined>;
    coverAlt: FieldMetadata<string | undefined>;
    removeCover: FieldMetadata<boolean>;
  };
}) {
  const { cover, coverAlt, removeCover } = fields;
  const megabytes = Math.round(COVER_LIMITS.maxBytes / (1024 * 1024));
  return (
    <fieldset className="min-w-0 space-y-4 rounded-lg border border-line p-4">
      <legend className="px-1 font-semibold text-navy">Cover image</legend>
      {current ? (
        <div className="flex flex-wrap items-start gap-4">
          <CoverPicture
            cover={current}
            sizes="192px"
            className="h-auto w-48 rounded-md object-cover"
          />
          <label className="flex items-center gap-2 font-medium text-red-800">
            <input {...getInputProps(removeCover, { type: "checkbox" })} className="size-4" />
            Remove cover image
          </label>
        </div>
      ) : null}
      <FormField label={current ? "Replace with" : "Image"} field={cover}>
        <input
          {...getInputProps(cover, { type: "file" })}
          accept={COVER_ACCEPT}
          aria-describedby={`${cover.id}-hint`}
          className={`${inputClass} file:mr-3 file:rounded file:border-0 file:bg-paper file:px-3 file:py-1 file:font-semibold file:text-navy`}
        />
        <p id={`${cover.id}-hint`} className="mt-1 text-sm text-ink-soft">
          JPEG, PNG, WebP or AVIF, up to {megabytes} MB. Shown on the article, its card and when the
          post is shared.
        </p>
      </FormField>
      <FormField label="Image description (alt text)" sometimesRequired field={coverAlt}>
        <input
          {...getInputProps(coverAlt, { type: "text" })}
          aria-describedby={`${coverAlt.id}-hint`}
          className={inputClass}
        />
        <p id={`${coverAlt.id}-hint`} className="mt-1 text-sm text-ink-soft">
          Required with a cover: what the image shows, for people who cannot see it.
        </p>
      </FormField>
    </fieldset>
  );
}
