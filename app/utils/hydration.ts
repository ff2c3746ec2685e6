// Which pages React runs in the browser. The admin does (its editor and forms need it); public
// pages are HTML from the server plus one small script, to keep them light (decision 017).

export function hydratesPage(pathname: string) {
  return /^\/admin(\/|$)/.test(pathname);
}
