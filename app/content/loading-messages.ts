// The pages that name their loading state (the spec's wording), shown while one is on its way.

const loadingMessages: [path: RegExp, message: string][] = [
  [/^\/insights\/?$/, "Loading insights..."],
  [/^\/insights\/[^/]+\/?$/, "Loading article..."],
  [/^\/admin\/auth\/?$/, "Loading..."],
  [/^\/admin\/blog\/?$/, "Loading blog posts..."],
];

export function loadingMessageFor(pathname: string): string | undefined {
  return loadingMessages.find(([path]) => path.test(pathname))?.[1];
}
