import "server-only";
import { z } from "zod";
import { absentEndpointStatus } from "@/lib/browser-safe/contract-assumptions";
import { PortalError } from "@/lib/browser-safe/errors";
import type { StatementLine, StatementType } from "@/lib/browser-safe/credit/statement";
import { bearer, printServerApi, type PrintServerApi } from "./api-client";
import { mapApiError } from "./error-mapping";
import { parseAnswer } from "./parse-answer";
import { send } from "./send";

// The credit statement (GET /v3/users/{id}/activity), read with the person's
// own token: newest first, filtered by dates and type, paged by the server.
// The endpoint is ours: a server without it (a real MyQ X, 404) offers no
// statement, and the calls answer null (contract-assumptions.ts,
// `absentEndpointStatus`).

const activity = z.object({
  id: z.number().int(),
  dateTime: z.string().datetime({ offset: true }),
  type: z.enum(["print", "recharge", "refund", "adjustment"]),
  amount: z.number().finite(),
  balance: z.number().finite(),
  provider: z.string().nullable().optional(),
  description: z.string(),
  jobId: z.number().int().nullable().optional(),
});
const activityList = z.object({ activity: z.array(activity), count: z.number().int().min(0) });

/** One upstream line as the portal shows it. */
export function toStatementLine(line: z.infer<typeof activity>): StatementLine {
  return {
    id: line.id,
    at: new Date(line.dateTime).toISOString(),
    type: line.type,
    what: line.description.trim() || line.type,
    amount: line.amount,
    balance: line.balance,
    provider: line.provider || null,
  };
}

export interface StatementQuery {
  /** ISO date-time: lines at or after it. */
  from?: string;
  types?: StatementType[];
  start?: number;
  limit?: number;
}

export async function getStatement(
  accessToken: string,
  userId: number,
  query: StatementQuery,
  api: PrintServerApi = printServerApi(),
): Promise<{ lines: StatementLine[]; count: number } | null> {
  let data: unknown;
  try {
    ({ data } = await send(
      () =>
        api.GET("/v3/users/{id}/activity", {
          params: {
            path: { id: userId },
            query: {
              from: query.from,
              type: query.types && query.types.length > 0 ? query.types.join(",") : undefined,
              start: query.start,
              limit: query.limit,
            },
          },
          headers: bearer(accessToken),
        }),
      mapApiError,
    ));
  } catch (error) {
    if (error instanceof PortalError && error.upstreamStatus === absentEndpointStatus) return null;
    throw error;
  }
  const parsed = parseAnswer(activityList, data, "statement");
  return { lines: parsed.activity.map(toStatementLine), count: parsed.count };
}

/** Largest page the server gives (its `limit` maximum). */
const serverPageSize = 1000;

/**
 * Every line of a query, page by page, up to `maxLines` (a CSV or the chart
 * of a long period); `complete` is false when there were more. Null when the
 * server offers no statement.
 */
export async function getWholeStatement(
  accessToken: string,
  userId: number,
  query: Omit<StatementQuery, "start" | "limit">,
  maxLines: number,
  api?: PrintServerApi,
): Promise<{ lines: StatementLine[]; complete: boolean } | null> {
  const lines: StatementLine[] = [];
  for (;;) {
    const limit = Math.min(serverPageSize, maxLines - lines.length);
    const page = await getStatement(accessToken, userId, { ...query, start: lines.length, limit }, api);
    if (!page) return null;
    lines.push(...page.lines);
    if (lines.length >= page.count || page.lines.length === 0) return { lines, complete: true };
    if (lines.length >= maxLines) return { lines, complete: false };
  }
}
