import { STATEMENT_TYPES, type StatementLine, type StatementType } from "../db/credit-ledger.js";
import { apiErrors } from "../errors.js";
import type { Schemas } from "../openapi/operation-types.js";
import { apiRoute, type RoutePlugin } from "./api-route.js";
import { readableUser } from "./user-answers.js";

const DAY = 86_400;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A `from`/`to` value as Unix seconds: a date is a UTC day (its first
 * second for `from`, its last for `to`); a date-time with an offset is that
 * instant. openapi.yaml has already checked the format.
 */
function instant(value: string, end: "from" | "to"): number {
  if (DATE_ONLY.test(value)) {
    const dayStart = Date.parse(`${value}T00:00:00Z`) / 1000;
    return end === "from" ? dayStart : dayStart + DAY - 1;
  }
  return Math.floor(Date.parse(value) / 1000);
}

const isStatementType = (value: string): value is StatementType =>
  (STATEMENT_TYPES as readonly string[]).includes(value);

/** Unix seconds as "2026-05-01T08:14:05Z". */
const isoSeconds = (at: number) => new Date(at * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");

function activityDto(line: StatementLine): Schemas["Activity"] {
  return {
    id: line.id,
    dateTime: isoSeconds(line.at),
    type: line.type,
    amount: line.amountCents / 100,
    balance: line.balanceCents / 100,
    ...(line.provider !== null && { provider: line.provider }),
    description: line.description,
    ...(line.jobId !== null && { jobId: line.jobId }),
  };
}

/** GET /v3/users/{id}/activity: the credit statement, read from the credit ledger. */
export const creditStatementRoutes: RoutePlugin = async (app, { services: s }) => {
  apiRoute(app, s, "getUserActivity", async (request, _reply, auth) => {
    const user = readableUser(s, auth, request.params.id);
    const q = request.query;
    const from = q.from === undefined ? undefined : instant(q.from, "from");
    const to = q.to === undefined ? undefined : instant(q.to, "to");
    if (from !== undefined && to !== undefined && from > to)
      throw apiErrors.invalidRequest("from must not be after to.");
    const account = s.users.creditAccount(user.id);
    if (!account) return { activity: [], count: 0 };
    const { lines, count } = s.ledger.statement(account.id, {
      from,
      to,
      types: q.type?.split(",").filter(isStatementType),
      limit: q.limit ?? 100,
      start: q.start ?? 0,
    });
    return { activity: lines.map(activityDto), count };
  });
};
