import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  // Layout is Prettier's (`npm run format`); ESLint keeps to correctness.
  prettier,
  {
    // Playwright fixtures and the print server's test helpers call functions
    // named `use` that are not React's; neither folder has React code.
    files: ["e2e/**/*.ts", "print-server/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    // Code the browser loads checks answers with zod/mini: full zod would add
    // about 14 kB gzip to every page (README, Performance).
    files: [
      "components/**/*.{ts,tsx}",
      "app/api/**/schema.ts",
      "lib/reports/dto.ts",
      "lib/reports/recent-entries.ts",
      "lib/account/money-overview.ts",
      "lib/theme/theme.ts",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "zod", message: 'Import from "zod/mini" in code the browser loads.' }] },
      ],
    },
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
