// What the page says of a guessable new password, spelled out here so that tests check the words
// people read rather than the code's own copy of them.
export const guessable = (...reasons: string[]) =>
  [
    "This password would be easy to guess.",
    ...reasons,
    "Try three or four words that have nothing to do with each other, or let a password manager make one.",
  ].join(" ");

export const COMMON_WITH_CHANGES = guessable("It is a common password with small changes.");
export const PERSONAL = guessable("It contains your email address or the firm's name.");

/** The six passwords of issue 33 that an exact list of common passwords let through, and why. */
export const GUESSABLE_PASSWORDS: [password: string, message: string][] = [
  ["password12345", COMMON_WITH_CHANGES],
  [
    "Passw0rd1234",
    guessable(
      "It is a common password with small changes.",
      "Swapping letters for look-alike numbers or symbols, like 0 for o, does not help.",
    ),
  ],
  ["aaaaaaaaaaaa", guessable("It repeats one character.")],
  ["abcdefghijkl", guessable("It runs through letters or numbers in order, like abc or 123.")],
  ["welcome12345", COMMON_WITH_CHANGES],
  ["adminadmin12", guessable("It repeats the same few characters or words.")],
];
