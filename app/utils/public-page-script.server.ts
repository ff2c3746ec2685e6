// The public pages' script (browser/public-page.ts) as built: its URL and the chunks it imports.
import publicPageScript from "virtual:public-page-script";

export { publicPageScript };
