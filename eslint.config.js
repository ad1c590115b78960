// ESLint: typescript-eslint strict, React hooks, jsx-a11y; formatting is Prettier's (eslint-config-prettier
// turns off the rules it owns). `npm run lint` checks, `npm run format` rewrites.
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      ".data/",
      "coverage/",
    ],
  },
  js.configs.recommended,
  tseslint.configs.strict,
  { languageOptions: { globals: { ...globals.node, ...globals.browser } } },
  {
    files: ["**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // Tests state what they just set up: a non-null assertion there is an expectation, not a guess.
    files: ["**/*.test.ts", "**/*.test.tsx", "tests/**/*.ts"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
  {
    // The reference API reads rows its own SQL guarantees (COUNT, MAX, RETURNING) and its own seed tables.
    files: ["server/reference-api/**/*.ts"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
  {
    // No promise without a handler: a promise left floating, handed to something that ignores it, or
    // returned by a non-async function (which can throw synchronously instead of rejecting, leaving a
    // sibling already started in Promise.all unhandled) is an error. These rules need type information.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/promise-function-async": "error",
    },
  },
  { files: ["app/**/*.{ts,tsx}"], plugins: { "react-hooks": reactHooks }, rules: reactHooks.configs.recommended.rules },
  { files: ["app/**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  prettier,
);
