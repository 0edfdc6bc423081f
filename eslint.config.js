// ESLint (docs/decisions/0033): the recommended rules of TypeScript, React's hooks and JSX
// accessibility over everything the project writes. `npm test` runs it; `npx eslint .` by hand.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11y from "eslint-plugin-jsx-a11y";
import globals from "globals";

export default tseslint.config(
  { ignores: ["build/**", "node_modules/**", ".react-router/**", ".tmp/**", "data/**", "test-results/**", "public/**", "app/fonts/generated/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // Unused names are errors, except the deliberate ones (`_req`, rest siblings that drop a key).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true, caughtErrors: "none" }],
    },
  },
  {
    // The rules of hooks; not the React Compiler's rules (set-state-in-effect and kin), which flag the
    // after-hydration reads of cookies and storage that a page cached for everyone needs (0021).
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  { files: ["app/**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  {
    files: ["app/**/*.tsx"],
    rules: {
      // autoFocus moves focus only to the next step of what the visitor just did (a confirmation's
      // safe answer, the second factor's field, the empty search page's box), never on page load.
      "jsx-a11y/no-autofocus": "off",
    },
  },
  {
    // Playwright's fixtures are named by destructuring: a test that needs none writes `{}`.
    files: ["tests/e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
);
