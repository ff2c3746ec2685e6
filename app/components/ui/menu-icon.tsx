// Three bars that become a cross while the <details> menu around them (a `group`) is open.
export function MenuIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-6 w-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M4 7h16M4 12h16M4 17h16" className="group-open:hidden" />
      <path d="M6 6l12 12M18 6L6 18" className="hidden group-open:block" />
    </svg>
  );
}
