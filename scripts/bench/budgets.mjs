// The performance budgets of issue 7, in one place. Each reads its figure from
// the bench results; a figure that could not be measured is a MISS.

export const BUDGETS = [
  {
    id: "download-throughput",
    label: "Download through the portal, share of direct throughput",
    limit: ">= 90 %",
    value: (r) => r.download?.ratio,
    pass: (ratio) => ratio >= 0.9,
    show: (ratio) => `${(ratio * 100).toFixed(1)} %`,
  },
  {
    id: "download-memory",
    label: "Portal memory growth while streaming (largest run)",
    limit: "< 64 MiB",
    value: (r) => r.download?.portalRssGrowthMaxMb,
    pass: (mb) => mb < 64,
    show: (mb) => `${mb} MiB`,
  },
  {
    id: "api-overhead",
    label: "API overhead at p50 under concurrent load",
    limit: "<= 5 ms",
    value: (r) => r.api?.levels.at(-1)?.overheadP50Ms,
    pass: (ms) => ms <= 5,
    show: (ms) => `${ms} ms`,
  },
  ...["sign-in", "account", "reports"].flatMap((page) => [
    {
      id: `first-load-js-${page}`,
      label: `First-load JavaScript, ${page} page (gzip)`,
      limit: "<= 170 kB",
      value: (r) => r.pages?.[page]?.gzipKb,
      pass: (kb) => kb <= 170,
      show: (kb) => `${kb} kB`,
    },
    {
      id: `lighthouse-performance-${page}`,
      label: `Lighthouse performance, ${page} page (mobile)`,
      limit: ">= 95",
      value: (r) => r.lighthouse?.[page]?.performance,
      pass: (score) => score >= 95,
      show: String,
    },
    {
      id: `lighthouse-accessibility-${page}`,
      label: `Lighthouse accessibility, ${page} page (mobile)`,
      limit: "= 100",
      value: (r) => r.lighthouse?.[page]?.accessibility,
      pass: (score) => score === 100,
      show: String,
    },
  ]),
];

export function checkBudgets(results) {
  return BUDGETS.map((budget) => {
    const value = budget.value(results);
    const measured = typeof value === "number" && Number.isFinite(value);
    return {
      id: budget.id,
      label: budget.label,
      limit: budget.limit,
      value: measured ? value : null,
      shown: measured ? budget.show(value) : "not measured",
      pass: measured && budget.pass(value),
    };
  });
}
