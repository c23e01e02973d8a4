// Lint rules of the project: TypeScript's recommended set, React hooks, Next's rules,
// drizzle's guard against an update or delete without `where`, the client boundary and the 140-column line limit.
import nextPlugin from "@next/eslint-plugin-next";
import drizzle from "eslint-plugin-drizzle";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import clientBoundary from "./scripts/lint/client-boundary.mjs";

export default tseslint.config(
  { ignores: ["node_modules/**", ".next/**", ".next-*/**", ".data/**", "next-env.d.ts", "test-results/**", "db/migrations/**"] },
  ...tseslint.configs.recommended,
  reactHooks.configs.flat["recommended-latest"] ?? reactHooks.configs.flat.recommended,
  nextPlugin.configs["core-web-vitals"],
  {
    plugins: { drizzle, formhouse: clientBoundary },
    rules: {
      // Client components take only types from server/ and db/ (scripts/lint/client-boundary.mjs).
      "formhouse/no-server-values-in-client": "error",
      // Only our db handles: `db`, `tx` and `ctx.db` (drizzle's rule would also flag Map#delete).
      "drizzle/enforce-delete-with-where": ["error", { drizzleObjectName: ["db", "tx", "trx"] }],
      "drizzle/enforce-update-with-where": ["error", { drizzleObjectName: ["db", "tx", "trx"] }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      // Prettier wraps code at 140 columns but leaves long strings, comments and regexes whole: this catches those.
      "max-len": ["error", { code: 140, tabWidth: 2 }],
    },
  },
  {
    // Playwright's fixtures call `use`, which is not React's hook; tests read JSON bodies loosely.
    files: ["e2e/**", "**/*.test.ts"],
    rules: { "react-hooks/rules-of-hooks": "off", "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // These modules walk OpenAPI documents, which are free-form JSON.
    files: ["server/rest/openapi.ts", "app/docs/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // The reference is a page apart from the dashboard: its link to /forms is a full page load
    // on purpose. (The rule also reads "/forms" as /forms/[uuid] with an empty uuid.)
    files: ["app/docs/**"],
    rules: { "@next/next/no-html-link-for-pages": "off" },
  },
);
