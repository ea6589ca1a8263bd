import { formatName, type ReportFormat } from "./formats";

// Every sentence the reports feature shows or answers with, in one place so
// they can move into the language catalogues as they are. No API words
// ("execution", "scope") reach the user.

export const reportMessages = {
  pageTitle: "Reports",
  pageIntro: "Run a report and download it when it is ready. You can use other pages meanwhile; we will tell you when it is done.",
  availableHeading: "Your reports",
  formatLabel: "Format",
  run: "Run",
  starting: "Starting…",
  startFailed: "The report could not be started. Please try again.",
  loadingReports: "Loading your reports",
  noReports: "No reports are available to you. If you expected some, ask your administrator.",
  reportsFailed: "Your reports could not be loaded. Check your connection and try again.",
  retry: "Retry",

  recentHeading: "Recent reports",
  recentEmpty: "Reports you run appear here. This list is kept on this device.",
  loadingRecent: "Loading recent reports",
  stateRunning: "Running",
  stateReady: "Ready",
  stateFailed: "Failed",
  stateExpired: "Expired",
  runningFor: (elapsed: string) => `Running for ${elapsed}`,
  startedAt: (time: string) => `Started ${time}`,
  download: "Download",
  failedDetail: "This report could not be made.",
  expiredDetail: "The file is no longer kept. Run the report again to get a new one.",
  runAgain: "Run again",
  remove: "Remove",
  checksFailing: "We cannot check on your reports right now. We keep trying; you can also try again yourself.",
  describeEntry: (name: string, format: ReportFormat) => `${name}, ${formatName(format)}`,

  readyNotice: (name: string, format: ReportFormat) => `Your report “${name}” (${formatName(format)}) is ready.`,
  failedNotice: (name: string, format: ReportFormat) => `Your report “${name}” (${formatName(format)}) could not be made.`,
  dismiss: "Dismiss",
  openReports: "Open reports",
  readyTitlePrefix: "Report ready · ",

  // Answers of the portal's report routes.
  badReportId: "Choose a report from the list.",
  badFormat: "This report cannot be made in that format. Choose one of the formats offered.",
  badExecutionId: "That report link is not valid.",
  reportNotOffered: "That report is not available to you.",
  crossSite: "This request did not come from the portal. Reload the page and try again.",
  stillRunning: "This report is still being made. Try again in a moment.",
  fileGone: "This report file is no longer available. Run the report again.",
  reportNotFound: "This report could not be found. It may have been removed.",
} as const;
