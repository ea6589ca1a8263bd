import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";

const browserLoaded = [
  "components/**/*.{ts,tsx}",
  "hooks/**/*.{ts,tsx}",
  "lib/browser-safe/**/*.{ts,tsx}",
  "app/**/schema.ts",
];
const fullZod = { name: "zod", message: 'Import from "zod/mini" in code the browser loads.' };

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
    // Code the browser loads checks answers with zod/mini, which is a fraction
    // of full zod's size. Folders, not files: client components, client hooks,
    // the browser-safe part of lib/, and the route schemas the browser parses
    // answers with.
    files: browserLoaded,
    rules: { "no-restricted-imports": ["error", { paths: [fullZod] }] },
  },
  {
    // The browser-safe folders may import only browser-safe code: nothing from
    // the server side of lib/ (types excepted, they vanish in the build), no
    // Node.js built-ins, no server-only modules.
    files: ["lib/browser-safe/**/*.{ts,tsx}", "hooks/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [fullZod, { name: "server-only", message: "lib/browser-safe and hooks/ are loaded by the browser." }],
          patterns: [
            {
              regex: "^@/lib/(?!browser-safe/)",
              allowTypeImports: true,
              message: "Only lib/browser-safe/ is for the browser; move what both sides need there.",
            },
            { regex: "^node:", message: "Node.js built-ins do not exist in the browser." },
          ],
        },
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
