// What the Users page shows of an account and the buttons beside it; safe in the browser.

export const ACCOUNT_INTENTS = ["approve", "revoke", "make-owner", "remove-owner"] as const;
export type AccountIntent = (typeof ACCOUNT_INTENTS)[number];

export type AccountView = {
  id: number;
  email: string;
  createdAt: Date;
  confirmed: boolean;
  allowlisted: boolean;
  admin: boolean;
  owner: boolean;
  /** Whether two-factor sign-in is on, which an owner may reset. */
  twoFactor: boolean;
};
