// Made by the `public-page-script` plugin in vite.config.ts.
declare module "virtual:public-page-script" {
  /** The public pages' script and the chunks it imports, as URLs under the site's root. */
  const script: { src: string; imports: string[] };
  export default script;
}
