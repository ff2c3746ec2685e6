// The post's cover image: the current one (with a way to remove it), a file to upload instead,
// and its description for people who cannot see it, which a cover must have.
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useEffect, useState } from "react";
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
  const chosen = useChosenImage();
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
          onChange={(event) => chosen.choose(event.currentTarget.files?.[0])}
          className={`${inputClass} file:mr-3 file:rounded file:border-0 file:bg-paper file:px-3 file:py-1 file:font-semibold file:text-navy`}
        />
        <p id={`${cover.id}-hint`} className="mt-1 text-sm text-ink-soft">
          JPEG, PNG, WebP or AVIF, up to {megabytes} MB. Shown on the article, its card and when the
          post is shared.
        </p>
      </FormField>
      {chosen.url ? (
        <figure className="space-y-1">
          <img
            src={chosen.url}
            alt="The new cover image, as chosen"
            // A file the browser cannot draw is still checked on saving; no broken picture here.
            onError={() => chosen.choose(undefined)}
            className="h-auto w-48 rounded-md object-cover"
          />
          <figcaption className="text-sm text-ink-soft">
            New cover, stored when you save.
          </figcaption>
        </figure>
      ) : null}
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

/**
 * The file just chosen, as an address the page can show before anything is uploaded. Each address
 * holds the file in memory until revoked: the previous one is revoked when another file is chosen
 * and the last when the form closes.
 */
function useChosenImage() {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return;
    return () => URL.revokeObjectURL(url);
  }, [url]);
  return {
    url,
    choose: (file: File | undefined) =>
      setUrl(file && file.size > 0 ? URL.createObjectURL(file) : null),
  };
}
