/**
 * @deprecated The old name of readServerConfig (db/settings.ts), kept only
 * while reports/report-runner.ts (issue 14's folder) imports it from here.
 */
export { readServerConfig as readServerSettings } from "./settings.js";
