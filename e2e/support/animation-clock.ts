// The page's animation clock, held still while a test looks at a timed state (the results page's
// 2-second pause), so a busy machine cannot let the moment pass between loading and looking.
import type { Page } from "@playwright/test";

/** Stops every CSS animation's clock, in this page and the documents it loads next. */
export async function holdAnimations(page: Page) {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send("Animation.enable");
  await devtools.send("Animation.setPlaybackRate", { playbackRate: 0 });
  return {
    /** Lets the clock run at its normal speed again. */
    release: () => devtools.send("Animation.setPlaybackRate", { playbackRate: 1 }),
  };
}
