// The site's primary navigation and its main call to action, in the order the spec gives.
export type NavItem = { label: string; to: string };

export const primaryNavigation: NavItem[] = [
  { label: "Home", to: "/" },
  { label: "Solutions", to: "/solutions" },
  { label: "Ethos", to: "/ethos" },
  { label: "Team", to: "/team" },
  { label: "Insights", to: "/insights" },
  { label: "Case Studies", to: "/case-studies" },
  { label: "Contact", to: "/contact" },
];

export const legalNavigation: NavItem[] = [
  { label: "Terms & Conditions", to: "/terms-conditions" },
  { label: "Privacy Policy", to: "/privacy-policy" },
];
