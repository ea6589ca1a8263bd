import lighthouse from "lighthouse";
import { launch } from "chrome-launcher";
const chrome = await launch({ chromePath: "/usr/bin/chromium", chromeFlags: ["--headless=new", "--no-sandbox"] });
const url = process.argv[2];
for (let i = 0; i < Number(process.argv[3] ?? 3); i++) {
  const { lhr } = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"], ...(process.env.APPLIED && { throttlingMethod: "devtools" }) });
  const m = lhr.audits.metrics.details.items[0];
  const reqs = lhr.audits["network-requests"].details.items;
  const t0 = m.observedNavigationStart ?? 0;
  const scripts = reqs.filter((r) => r.resourceType === "Script");
  console.log(`score ${Math.round(lhr.categories.performance.score * 100)} FCP ${Math.round(m.firstContentfulPaint)} LCP ${Math.round(m.largestContentfulPaint)} | observed FCP ${Math.round(m.observedFirstContentfulPaint)} LCP ${Math.round(m.observedLargestContentfulPaint)} | scripts end ${scripts.map((r) => Math.round(r.networkEndTime)).join(",")} doc end ${Math.round(reqs[0].networkEndTime)} css end ${reqs.filter(r=>r.resourceType==="Stylesheet").map(r=>Math.round(r.networkEndTime))}`);
}
await chrome.kill();
