import "server-only";

// One JSON object per line on stdout. Values under keys that could carry a
// credential are replaced, so a careless call cannot leak a token or PIN.

const secretKey = /token|secret|password|pwd|pin|authorization|cookie|credential/i;

type Level = "info" | "warn" | "error";
type Fields = Record<string, unknown>;

function redact(value: unknown, depth = 0): unknown {
  if (depth > 4 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Fields).map(([key, item]) => [
      key,
      secretKey.test(key) ? "[redacted]" : redact(item, depth + 1),
    ]),
  );
}

/** The id of the request being served, kept by scripts/portal-server.mjs. */
function currentRequestId(): string | undefined {
  const context = (globalThis as { __portalRequestContext?: { getStore(): { requestId?: string } | undefined } })
    .__portalRequestContext;
  return context?.getStore()?.requestId;
}

function write(level: Level, msg: string, fields: Fields = {}): void {
  const requestId = currentRequestId();
  const line = JSON.stringify({
    time: new Date().toISOString(),
    level,
    msg,
    ...(requestId ? { requestId } : {}),
    ...(redact(fields) as Fields),
  });
  if (level === "error") console.error(line);
  else console.log(line);
}

export const log = {
  info: (msg: string, fields?: Fields) => write("info", msg, fields),
  warn: (msg: string, fields?: Fields) => write("warn", msg, fields),
  error: (msg: string, fields?: Fields) => write("error", msg, fields),
  /**
   * Writes the line once the code serving the current answer has run (on the
   * event loop's next turn), for paths a person waits on: a log line is a
   * write to a pipe that can wait for its reader, which they need not.
   * Next.js's after() does the same with a task queue, a snapshot of every
   * async context and a close listener per request: about 60 µs of a
   * sign-in on a busy 2-core machine (issue 14). The request's context goes
   * along, so the line still carries its request id.
   */
  afterAnswer: (level: Level, msg: string, fields?: Fields) => void setImmediate(() => write(level, msg, fields)),
};

/** Error detail safe for the logs: name, code and reason, never a message body. */
export function errorFields(error: unknown): Fields {
  if (error && typeof error === "object") {
    const e = error as { name?: unknown; code?: unknown; reason?: unknown; upstreamStatus?: unknown; cause?: unknown };
    const cause = e.cause as { name?: unknown; code?: unknown } | undefined;
    return {
      errorName: e.name,
      errorCode: e.code,
      reason: e.reason,
      upstreamStatus: e.upstreamStatus,
      causeName: cause?.name,
      causeCode: cause?.code,
    };
  }
  return { errorName: typeof error };
}
