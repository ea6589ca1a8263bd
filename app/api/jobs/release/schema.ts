import { z } from "zod/mini";
import type { SentenceKey } from "@/lib/browser-safe/errors";
import { maxCopies } from "@/lib/browser-safe/jobs/release-options";

// POST /api/jobs/release: the chosen jobs, or everything waiting (`all`), at
// one printer. `key` is made once per tap of Release in the browser and sent
// again with any retry, so the print server prints a release once. `options`
// are what the person changed at release (lib/browser-safe/jobs/release-options.ts).

const say = (key: SentenceKey) => ({ error: key });
const badPrinter = say("jobs.answers.badPrinter");
const badJobs = say("jobs.answers.badJobs");
const badKey = say("jobs.answers.badRequest");
const badOptions = say("jobs.answers.badOptions");

const id = (message: { error: SentenceKey }) =>
  z.int(message).check(z.positive(message), z.maximum(Number.MAX_SAFE_INTEGER, message));

export const releaseRequest = z.object(
  {
    printerId: id(badPrinter),
    jobIds: z.optional(z.array(id(badJobs), badJobs).check(z.minLength(1, badJobs), z.maxLength(500, badJobs))),
    /** Everything waiting ("Release all" at a printer's label). */
    all: z.optional(z.boolean(badJobs)),
    key: z.string(badKey).check(z.regex(/^[A-Za-z0-9-]{8,64}$/, badKey)),
    /** Left out, or a field of it left out: as sent. */
    options: z.optional(
      z.object(
        {
          copies: z.optional(z.int(badOptions).check(z.minimum(1, badOptions), z.maximum(maxCopies, badOptions))),
          sides: z.optional(z.enum(["one", "two"], badOptions)),
          mono: z.optional(z.boolean(badOptions)),
        },
        badOptions,
      ),
    ),
  },
  badJobs,
);

export type ReleaseRequest = z.infer<typeof releaseRequest>;

export const releaseResponse = z.object({
  /** The jobs now printing. */
  jobIds: z.array(z.int()),
});
export type ReleaseResponse = z.infer<typeof releaseResponse>;
