// The failed tests of a run, one line each, from the runners' JSON reports:
// scripts/test-all.mjs prints them just above its summary, because CI keeps
// only the last lines of a run.

/** The first line of a failure message, without colours: enough to tell one failure from another. */
const firstLine = (text = "") =>
  text
    .replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n")
    .find((line) => line.trim())
    ?.trim()
    .slice(0, 200) ?? "";

/** Vitest's failed tests as "file > name: message". */
export function vitestFailures(report, root = "") {
  return report.testResults.flatMap((file) => {
    const path = file.name.replace(root, "");
    const failed = file.assertionResults
      .filter((test) => test.status === "failed")
      .map((test) => `${path} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    // A file that failed to load has no failed test of its own.
    return failed.length === 0 && file.status === "failed" ? [`${path}: ${firstLine(file.message)}`] : failed;
  });
}

/** Playwright's failed tests as "[project] file:line > title: message". */
export function playwrightFailures(suite, titles = []) {
  const here = suite.title && !suite.title.endsWith(".ts") ? [...titles, suite.title] : titles;
  return [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === "unexpected")
        .map((test) => {
          const error = test.results.at(-1)?.error?.message;
          const name = [...here, spec.title].join(" > ");
          return `[${test.projectName}] ${spec.file}:${spec.line} > ${name}: ${firstLine(error)}`;
        }),
    ),
    ...(suite.suites ?? []).flatMap((child) => playwrightFailures(child, here)),
  ];
}
