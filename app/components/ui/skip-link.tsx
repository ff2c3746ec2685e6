// The first thing a keyboard reaches on every page: a jump past the header to the page's content.
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-[60] rounded-md bg-accent px-4 py-2 font-semibold text-navy-deep focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Skip to content
    </a>
  );
}
