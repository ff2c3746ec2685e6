import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "e2e/.tmp/",
      "data/",
      ".react-router/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Node runs these as they are (tsconfig.node.json). TypeScript takes `./x.js` for `./x.ts`,
    // but Node finds no such file: a relative import names the .ts file itself.
    files: [
      "server.ts",
      "server/**/*.ts",
      "scripts/**/*.ts",
      "app/features/accounts/password-hashing.server.ts",
      "app/features/accounts/password-rules.ts",
      "app/features/accounts/common-passwords.server.ts",
      "app/lib/body-limits.server.ts",
      "app/lib/litefs.server.ts",
      "app/lib/logger.server.ts",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^\\.\\.?/.*\\.js$", message: "Import the .ts file by its name." }] },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    settings: { react: { version: "detect" } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      // A region that scrolls sideways (a wide table or chart on a phone) takes the focus, so a
      // keyboard can scroll it: axe's scrollable-region-focusable asks for exactly that.
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"] }],
      "react/prop-types": "off",
    },
  },
  {
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
);
