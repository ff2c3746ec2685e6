// When this build of the site was made: the last change to any page that is not a post.
declare const __SITE_BUILT_AT__: string | undefined;

// Set by vite.config.ts at build time; tests that run the source directly use the start time.
export const siteBuiltAt = new Date(
  typeof __SITE_BUILT_AT__ === "string" ? __SITE_BUILT_AT__ : Date.now(),
);
