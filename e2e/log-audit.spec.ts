import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "./fixtures";
import { stack, stackLogDir } from "./support/stack-env";

// The log audit: after every other browser
// test of the run has finished (the "logs" project depends on the desktop and
// mobile projects), everything each print server and portal of the run wrote
// is searched for what must never reach a log: tokens, PINs, passwords,
// voucher codes, the client secret, stack traces.

const digitsAlone = (digits: string) => new RegExp(`(?<![0-9])${digits}(?![0-9])`);

const forbidden: { what: string; pattern: RegExp }[] = [
  { what: "a token (JWT)", pattern: /eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}/ },
  { what: "alice's PIN", pattern: digitsAlone("112358") },
  { what: "bob's PIN", pattern: digitsAlone("314159") },
  { what: "a demo password", pattern: /wonderland|canwefixit|higherfurther/i },
  { what: "a voucher code", pattern: /VOUCHER-[A-Z0-9]+|NOT-A-VOUCHER/i },
  // Where the code failed is for a debugger, not for a log: no stack frame, raw or inside JSON.
  { what: "a stack trace", pattern: /^\s+at\s.+:\d+:\d+\)?\s*$|\\n\s+at\s/ },
  // An error nobody handled is a bug, whatever it says (a body destroyed with no listener, say).
  { what: "an uncaught exception", pattern: /uncaughtException|unhandledRejection/ },
  // A JSON field named like a credential must be redacted, whatever its value.
  {
    what: "a credential field with a value",
    pattern:
      /"[A-Za-z_]*(?:token|secret|password|pwd|pin|authorization|cookie|credential)[A-Za-z_]*":\s*"(?!\[redacted\])[^"]+"/i,
  },
];

test("no log line of the whole run holds a token, PIN, password, voucher code, secret, stack trace or uncaught exception", () => {
  expect(existsSync(stackLogDir), "the global setup keeps the stack's logs").toBe(true);
  const files = readdirSync(stackLogDir).filter((name) => name.endsWith(".log"));
  const lines = files.flatMap((name) =>
    readFileSync(join(stackLogDir, name), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line, index) => ({ place: `${name}:${index + 1}`, line })),
  );
  // Not vacuous: the run's print servers and portals did log, sign-ins included.
  expect(files.filter((name) => name.startsWith("portal-")).length).toBeGreaterThanOrEqual(3);
  expect(files.filter((name) => name.startsWith("print-server-")).length).toBeGreaterThanOrEqual(1);
  expect(lines.filter(({ line }) => line.includes("/api/auth/token")).length).toBeGreaterThan(20);

  const secrets = [
    ...forbidden,
    { what: "the portal's client secret", pattern: new RegExp(stack.clientSecret()) },
    ...readFileSync(stack.recordFile(), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((token) => ({ what: "a token the print server handed out", pattern: literal(JSON.parse(token) as string) })),
  ];
  const leaks = lines.flatMap(({ place, line }) =>
    secrets.filter(({ pattern }) => pattern.test(line)).map(({ what }) => `${place}: ${what}`),
  );
  expect(leaks).toEqual([]);
});

function literal(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
}
