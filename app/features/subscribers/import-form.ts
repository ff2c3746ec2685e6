// The staff's import of subscribers from a CSV file: the file, and the tick that the people in it
// agreed to receive Insights by email, without which nothing is imported.
import { z } from "zod";

export const IMPORT_INTENT = "import";

/** About 25 bytes a row of address and name: some 80,000 rows, past the most one import takes. */
const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** The most rows one import takes; a longer list goes in several files. */
export const IMPORT_MAX_ROWS = 10_000;

const CONSENT_MISSING =
  "Please confirm that these people agreed to receive Insights by email: without their agreement they cannot be imported.";
const NO_FILE = "Please choose a CSV file.";

export const importFormSchema = z.object({
  file: z
    .instanceof(File, { error: NO_FILE })
    .refine((file) => file.size > 0, NO_FILE)
    .refine(
      (file) => file.size <= IMPORT_MAX_BYTES,
      `Please choose a file of at most 2 MB, or split the list into several files.`,
    ),
  consent: z.boolean({ error: CONSENT_MISSING }).refine(Boolean, CONSENT_MISSING),
});
