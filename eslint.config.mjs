import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    // Playwright fixtures and the print server's test helpers call functions
    // named `use` that are not React's; neither folder has React code.
    files: ["e2e/**/*.ts", "print-server/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  globalIgnores([
    ".next/**",
    "node_modules/**",
    "**/node_modules/**",
    ".data/**",
    ".test-output/**",
    "test-results/**",
    "playwright-report/**",
    "bench-results/**",
    "next-env.d.ts",
    // Generated from the print server's OpenAPI YAML by `npm run gen:api`.
    "lib/print-server/schema.d.ts",
  ]),
]);
