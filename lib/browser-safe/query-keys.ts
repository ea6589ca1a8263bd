import type { JobListName } from "@/app/api/jobs/schema";
import type { StatementFilterState } from "./credit/read-paths";
import type { StatementPeriod } from "./credit/statement";

// The browser's cache keys, one per resource the portal's routes answer.
// Each starts with its area, so a change can invalidate exactly what it
// touched: a prefix (`jobLists`) reaches every key below it.

export const queryKeys = {
  /** Credit, quota and what is left to print: Home, Jobs and Credit share it. */
  money: ["account", "money"],
  /** The person's own details (Home, Profile). */
  profile: ["account", "profile"],
  /** What the print server lets people change about themselves. */
  selfService: ["account", "self-service"],
  /** Which proof "Get a new PIN" asks this person for. */
  newPinProof: ["account", "new-pin-proof"],
  /** When this browser's session ends. */
  session: ["session"],
  /** Every job list, whichever page of it. */
  jobLists: ["jobs", "list"],
  jobList: (list: JobListName) => ["jobs", "list", list],
  /** How the jobs of one release are doing, by the release's key. */
  releaseProgress: (releaseKey: string) => ["jobs", "release", releaseKey],
  printers: ["printers"],
  /** The reports a person may run. */
  reports: ["reports", "list"],
  /** Every report execution's state. */
  reportExecutions: ["reports", "execution"],
  reportExecution: (executionId: number) => ["reports", "execution", executionId],
  /** Every page of the credit statement, whichever filter. */
  statements: ["credit", "statement"],
  statement: (filter: StatementFilterState | null, page: number) => ["credit", "statement", filter, page],
  /** The balance chart of every period. */
  balanceHistories: ["credit", "history"],
  balanceHistory: (days: StatementPeriod | null) => ["credit", "history", days],
  /** Whether the print server takes vouchers. */
  vouchers: ["credit", "vouchers"],
  /** The person's files to print, scans and quota. */
  files: ["files"],
  /**
   * A file's first page, by its name and upload time (a new file of the same
   * name is drawn anew). Outside `files`, so a change to the list draws none again.
   */
  filePreview: (name: string, uploadedAt: string) => ["file-preview", name, uploadedAt],
  /** The person's sessions and sign-in attempts ("Devices and sign-ins"). */
  devices: ["devices"],
} as const;
