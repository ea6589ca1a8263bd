import "server-only";
import pino, { type DestinationStream, type Logger } from "pino";
import { processSingleton } from "./process-singletons";
import { currentRequest } from "./request-context";

// pino, as the print server logs: one JSON object per line on stdout, each
// line of a request stamped with its id (scripts/portal-server.mjs). Fields
// that could carry a credential are redacted by name, at the top level and
// one level down, so a careless call cannot leak a token, PIN or password.

const secretFields = [
  "token",
  "accessToken",
  "refreshToken",
  "idToken",
  "access_token",
  "refresh_token",
  "id_token",
  "secret",
  "clientSecret",
  "client_secret",
  "password",
  "currentPassword",
  "newPassword",
  "pin",
  "newPin",
  "voucherCode",
  "voucher",
  "cookie",
  "cookies",
  "authorization",
  "credentials",
];

/** pino's redact paths: each secret field at the top level and inside any object one level down. */
export const redactedPaths = secretFields.flatMap((field) => [field, `*.${field}`]);

type Fields = Record<string, unknown>;

/** A logger writing to `destination` (stdout by default), as the portal's lines are written. */
export function createLogger(destination?: DestinationStream): Logger {
  return pino(
    {
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: redactedPaths, censor: "[redacted]" },
      mixin() {
        const requestId = currentRequest()?.requestId;
        return requestId ? { requestId } : {};
      },
    },
    destination,
  );
}

const logger = () => processSingleton("log", () => createLogger());

export const log = {
  info: (msg: string, fields?: Fields) => logger().info(fields ?? {}, msg),
  warn: (msg: string, fields?: Fields) => logger().warn(fields ?? {}, msg),
  error: (msg: string, fields?: Fields) => logger().error(fields ?? {}, msg),
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
