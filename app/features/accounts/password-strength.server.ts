// The rule for every new password (sign-up, reset, `npm run admin:create`): the shape that
// password-rules.ts checks, then NIST SP 800-63B's refusal of commonly used, expected and
// context-specific values, judged by zxcvbn-ts with its common and English dictionaries and the
// account's email and the firm's name as words an attacker would try first (decision 040).
// The estimator and its dictionaries weigh about 60 MB once loaded, so they load on the first
// check, never at start, and stay; server-only, they never reach a browser. Node also runs this
// file as it is, for `npm run admin:create`, so it imports by file name.
import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { newPasswordShapeProblem } from "./password-rules.ts";

/** zxcvbn's score, 0 to 4: 3 means about 10^8 guesses or more, beyond an online attack. */
const MIN_PASSWORD_SCORE = 3;

/** What makes a password guessable beyond its letters: whose it is, and where it is used. */
export type PasswordContext = { email: string; brand: string };

// Why a guessable password is refused, by zxcvbn's warning (its untranslated keys).
const REASONS: Record<string, string> = {
  straightRow: "It is a straight row of keys on the keyboard.",
  keyPattern: "It is a short pattern of keys on the keyboard.",
  simpleRepeat: "It repeats one character.",
  extendedRepeat: "It repeats the same few characters or words.",
  sequences: "It runs through letters or numbers in order, like abc or 123.",
  recentYears: "It leans on a recent year.",
  dates: "It leans on a date.",
  topTen: "It is one of the passwords people use most.",
  topHundred: "It is one of the passwords people use most.",
  common: "It is one of the passwords people use most.",
  similarToCommon: "It is a common password with small changes.",
  wordByItself: "It is a single word.",
  namesByThemselves: "It is a name.",
  commonNames: "It leans on common names.",
  userInputs: "It contains your email address or the firm's name.",
};

// zxcvbn's suggestions worth passing on; the others ask for capitals or symbols, which NIST
// advises against, or repeat the reason.
const TIPS: Record<string, string> = {
  l33t: "Swapping letters for look-alike numbers or symbols, like 0 for o, does not help.",
  reverseWords: "Spelling words backwards does not help.",
};

const GUESSABLE_PASSWORD = "This password would be easy to guess.";
const STRONGER_PASSWORD_ADVICE =
  "Try three or four words that have nothing to do with each other, or let a password manager make one.";

let estimator: Promise<ZxcvbnFactory> | undefined;

function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([
    import("@zxcvbn-ts/core"),
    import("@zxcvbn-ts/language-common"),
    import("@zxcvbn-ts/language-en"),
  ]).then(
    ([{ ZxcvbnFactory }, common, english]) =>
      new ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...english.dictionary },
        graphs: common.adjacencyGraphs,
      }),
  );
  return estimator;
}

/** The address, its local part with and without its dots, its pieces, the brand and its words. */
function contextWords({ email, brand }: PasswordContext): string[] {
  const address = email.trim().toLowerCase();
  const localPart = address.split("@")[0] ?? "";
  const name = brand.trim().toLowerCase();
  const localWords = localPart.split(/[._+-]+/);
  const words = [
    address,
    localPart,
    localWords.join(""),
    ...localWords,
    name,
    ...name.split(/\s+/),
  ];
  // Pieces of one or two letters would count every password with those letters as guessable.
  return [...new Set(words.filter((word) => word.length >= 3))];
}

/** What is wrong with a new password, or null when it may be used. */
export async function newPasswordProblem(
  password: string,
  context: PasswordContext,
): Promise<string | null> {
  const shape = newPasswordShapeProblem(password);
  if (shape) return shape;
  const { score, feedback } = (await loadEstimator()).check(password, contextWords(context));
  if (score >= MIN_PASSWORD_SCORE) return null;
  const reason = feedback.warning ? REASONS[feedback.warning] : undefined;
  const tips = feedback.suggestions.flatMap((key) => TIPS[key] ?? []);
  return [GUESSABLE_PASSWORD, reason, ...tips, STRONGER_PASSWORD_ADVICE].filter(Boolean).join(" ");
}
