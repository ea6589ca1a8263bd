import { describe, expect, it } from "vitest";
import { playwrightFailures, vitestFailures } from "./test-failures.mjs";

describe("the failed tests named in npm test's last lines", () => {
  it("names vitest's failed tests and files that did not load, with the first line of the message", () => {
    const report = {
      testResults: [
        {
          name: "/repo/lib/a.test.ts",
          status: "failed",
          assertionResults: [
            { fullName: "a works", status: "passed" },
            {
              fullName: "a fails",
              status: "failed",
              failureMessages: ["\nAssertionError: expected 1 to be 2\n    at x"],
            },
          ],
        },
        {
          name: "/repo/lib/b.test.ts",
          status: "failed",
          message: "Cannot find module './c'\nstack",
          assertionResults: [],
        },
        { name: "/repo/lib/d.test.ts", status: "passed", assertionResults: [{ fullName: "d", status: "passed" }] },
      ],
    };
    expect(vitestFailures(report, "/repo/")).toEqual([
      "lib/a.test.ts > a fails: AssertionError: expected 1 to be 2",
      "lib/b.test.ts: Cannot find module './c'",
    ]);
  });

  it("names Playwright's unexpected results with project, place and describe titles, not flaky ones", () => {
    const test = (projectName, status, message) => ({
      projectName,
      status,
      results: [{ error: message && { message } }],
    });
    const report = {
      suites: [
        {
          title: "sso.spec.ts",
          file: "sso.spec.ts",
          specs: [],
          suites: [
            {
              title: "single sign-on",
              specs: [
                {
                  title: "alice signs in",
                  file: "sso.spec.ts",
                  line: 44,
                  tests: [
                    test("desktop", "unexpected", "\u001b[31mError: not found\u001b[39m\nmore"),
                    test("mobile", "expected"),
                  ],
                },
                { title: "retried", file: "sso.spec.ts", line: 70, tests: [test("desktop", "flaky", "Error: once")] },
              ],
            },
          ],
        },
      ],
    };
    expect(report.suites.flatMap((suite) => playwrightFailures(suite))).toEqual([
      "[desktop] sso.spec.ts:44 > single sign-on > alice signs in: Error: not found",
    ]);
  });
});
