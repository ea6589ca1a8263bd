import { readFileSync } from "node:fs";
const [tag, min] = [process.argv[2], Number(process.argv[3] ?? 10)];
const ev = JSON.parse(readFileSync(`/tmp/trace${tag}.json`)).traceEvents;
const nav = ev.find((e) => e.name === "navigationStart" && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL?.startsWith("http"));
const t = (e) => Math.round((e.ts - nav.ts) / 100) / 10;
const main = ev.filter((e) => e.pid === nav.pid && e.tid === nav.tid && e.ts >= nav.ts && e.ph === "X");
for (const task of main.filter((e) => e.name === "RunTask" && e.dur / 1000 >= min)) {
  const inside = main.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur && e.dur > 1500 && e.name !== "RunTask");
  const label = (e) => `${e.name}${e.args?.data?.url ? "(" + e.args.data.url.split("/").pop().slice(0, 18) + ")" : ""}${e.args?.data?.functionName ? "[" + e.args.data.functionName + "]" : ""}:${Math.round(e.dur / 100) / 10}`;
  console.log(t(task), Math.round(task.dur / 100) / 10, inside.slice(0, 8).map(label).join(" | "));
}
