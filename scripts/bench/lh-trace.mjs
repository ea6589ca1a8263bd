import { chromium } from "@playwright/test";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { writeFileSync } from "node:fs";
import * as Lantern from "lighthouse/core/lib/lantern/lantern.js";
import { startPrintServerFor, startBenchPortal, startBenchFloor, ensureBuilds, closeStack } from "./bench-stack.mjs";
import { scaleUserPin } from "./measure-print-server.mjs";
import { signInToPortal } from "./portal-session.mjs";
import { portalMe } from "./measure-portal-api.mjs";
const say = (m) => console.error(m);
try {
  await ensureBuilds(say);
  const server = await startPrintServerFor(1000, say);
  const portal = await startBenchPortal(server, say);
  const cookie = await signInToPortal(portal.url, { method: "pin", pin: scaleUserPin(1) });
  const floor = await startBenchFloor(await portalMe(portal.url, cookie), say);
  const chrome = await launch({ chromePath: "/usr/bin/chromium", chromeFlags: ["--headless=new", "--no-sandbox"] });
  const b = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const [name, value] = cookie.split(";")[0].split("=");
  await b.contexts()[0].addCookies([{ name, value, url: portal.url }]);
  await b.close();
  for (const path of (process.argv[2] ?? "/").split(",")) {
    const url = path === "floor" ? floor.url + "/" : portal.url + path;
    const { lhr, artifacts } = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
    const tag = path.replace(/\//g, "_");
    writeFileSync(`/tmp/lhfull${tag}.json`, JSON.stringify(lhr));
    writeFileSync(`/tmp/trace${tag}.json`, JSON.stringify(artifacts.Trace ?? artifacts.traces?.defaultPass));
    writeFileSync(`/tmp/devtools${tag}.json`, JSON.stringify(artifacts.DevtoolsLog ?? artifacts.devtoolsLogs?.defaultPass));
    for (const [label, timings] of (process.env.GRAPH ? Lantern.Simulation.Simulator.allNodeTimings : [])) {
      if (!/LargestContentfulPaint|FirstContentfulPaint/.test(label)) continue;
      const rows = [...timings.entries()].map(([node, t]) => ({ kind: node.type, what: node.type === "network" ? node.request.url.replace(/^https?:\/\/[^/]+/, "").slice(-45) : `cpu ${Math.round(node.duration ?? (node.endTime - node.startTime))}us evals=${(node.getEvaluateScriptURLs?.() ? [...node.getEvaluateScriptURLs()].map((u) => u.slice(-20)).join(",") : "")}`, start: Math.round(t.startTime), end: Math.round(t.endTime) }));
      rows.sort((a, b) => a.start - b.start);
      console.log(" ", label, "end", Math.max(...rows.map((r) => r.end)));
      for (const r of rows) console.log("     ", r.start, r.end, r.kind, r.what);
    }
    Lantern.Simulation.Simulator.allNodeTimings.clear();
    const m = lhr.audits.metrics?.details?.items?.[0] ?? {}; const el = lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node; void 0; console.log("  LCP element", el?.snippet, el?.nodeLabel?.slice(0, 60));
    console.log(path, lhr.categories.performance.score, "FCP", Math.round(m.firstContentfulPaint), "LCP", Math.round(m.largestContentfulPaint), "TBT", Math.round(m.totalBlockingTime), "obs fcp", m.observedFirstContentfulPaint, "lcp", m.observedLargestContentfulPaint, "dcl", m.observedDomContentLoaded);
  }
  chrome.kill();
} finally {
  await closeStack();
}
