// What a person may change at release: copies, one- or two-sided, and black
// and white (MyQ's `releaseOptions`, applied to every job of the release).
// The form starts from the jobs as sent; only what the person changed is
// sent, so a release without changes is exactly the release as sent.

export const maxCopies = 99;

export type Sides = "one" | "two";

/** The options of one release; a field left out prints as sent. */
export interface ReleaseOptions {
  copies?: number;
  sides?: Sides;
  /** Black and white (a colour job prints, and costs, mono). */
  mono?: boolean;
}

/** The form's fields: copies as typed, "as sent" when the jobs differ or the server does not say. */
export interface ReleaseChoice {
  copies: string;
  sides: Sides | "asSent";
  mono: boolean;
}

interface OptionJob {
  copies: number | null;
  duplex: boolean | null;
  color: boolean | null;
  cost: number | null;
}

function common<T>(values: T[]): T | undefined {
  const [first] = values;
  return values.every((value) => value === first) ? first : undefined;
}

/** Every job is mono as sent: it cannot print in colour, so black and white is no choice. */
export const allMono = (jobs: OptionJob[]): boolean => jobs.length > 0 && jobs.every((job) => job.color === false);

/** The form as the jobs were sent: what they share, else "as sent". */
export function choiceAsSent(jobs: OptionJob[]): ReleaseChoice {
  const copies = common(jobs.map((job) => job.copies));
  const duplex = common(jobs.map((job) => job.duplex));
  return {
    copies: copies === undefined || copies === null ? "" : String(copies),
    sides: duplex === undefined || duplex === null ? "asSent" : duplex ? "two" : "one",
    mono: allMono(jobs),
  };
}

/** Copies as typed: a whole number from 1 to 99, empty for "as sent", else invalid. */
export function parseCopies(text: string): number | null | "invalid" {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  if (!/^\d{1,2}$/.test(trimmed)) return "invalid";
  const copies = Number(trimmed);
  return copies >= 1 && copies <= maxCopies ? copies : "invalid";
}

/** The options the person changed from `asSent`; null while the copies are not valid. */
export function changedOptions(choice: ReleaseChoice, asSent: ReleaseChoice): ReleaseOptions | null {
  const copies = parseCopies(choice.copies);
  if (copies === "invalid") return null;
  const options: ReleaseOptions = {};
  if (copies !== null && copies !== parseCopies(asSent.copies)) options.copies = copies;
  if (choice.sides !== "asSent" && choice.sides !== asSent.sides) options.sides = choice.sides;
  if (choice.mono && !asSent.mono) options.mono = true;
  return options;
}

/**
 * What the release will cost, as far as the page can tell: more or fewer
 * copies scale each job's cost exactly; black and white or other sides the
 * print server prices by its own list, so the total is then not exact.
 * Null when the server gives no cost.
 */
export function releaseCost(jobs: OptionJob[], options: ReleaseOptions): { total: number | null; exact: boolean } {
  let total = 0;
  for (const job of jobs) {
    if (job.cost === null) return { total: null, exact: false };
    const sentCopies = job.copies && job.copies > 0 ? job.copies : 1;
    total += options.copies === undefined ? job.cost : (job.cost / sentCopies) * options.copies;
  }
  // Whole cents, as money is shown.
  return { total: Math.round(total * 100) / 100, exact: options.sides === undefined && options.mono === undefined };
}

/** MyQ's `releaseOptions` for the print server: 0 keeps what the job was sent with. */
export function toMyqReleaseOptions(options: ReleaseOptions | undefined) {
  if (!options || (options.copies === undefined && options.sides === undefined && !options.mono)) return undefined;
  return {
    copies: options.copies ?? 0,
    duplex: options.sides === "one" ? 1 : options.sides === "two" ? 2 : 0,
    color: options.mono ? 1 : 0,
  } as const;
}
