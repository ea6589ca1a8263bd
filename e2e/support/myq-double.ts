import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:https";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { SignJWT } from "jose";
import { throwawayTls } from "./throwaway-tls";

// A MyQ X-shaped print server for tests: a small HTTPS server (its own
// throw-away CA) that answers only in the shapes of MyQ's public REST pages
// and the two public integrations (../shared/docs/myq-examples.md), and
// nothing of ours: no /v3/server/config, no quota balance, no reports, no job
// state or deletion time, MyQ's error body `{code, message, data}`. Only the
// claims inside a user token are ours, since MyQ's are not public
// (lib/browser-safe/contract-assumptions.ts, `userClaims`).
//
//   const myq = await startMyqDouble();
//   // portal env: PRINT_SERVER_URL=myq.url, PRINT_SERVER_CA_FILE=<myq.caPem in a file>,
//   //             PRINT_SERVER_CLIENT_ID=myq.clientId, PRINT_SERVER_CLIENT_SECRET=myq.clientSecret
//   await myq.close();

export interface MyqDouble {
  url: string;
  caPem: string;
  clientId: string;
  clientSecret: string;
  /** Every request seen, "METHOD /path" (tests check what the portal asked for). */
  requests: string[];
  /** Every release received, in order: the printer and the jobs asked for. */
  releases: Array<{ printerId: number; jobIds: number[] }>;
  /** Back to alice's first balance and jobs, nothing released or paid: for the next test. */
  reset(): void;
  close(): Promise<void>;
}

const ALICE = {
  id: 12,
  username: "alice",
  fullname: "Alice Liddell",
  email: "alice@example.com",
  scanStorage: "",
  code: "E1001",
  syncSource: "",
  lang: "en",
  phone: "",
  ldapDomain: "",
  notes: "",
};
const ALICE_PIN = "112358";
const ALICE_PASSWORD = "wonderland";
const ALICE_CARD = "04A1B2C3";

const accounts = (price: number) => ({
  credit: { enabled: true },
  quota: { enabled: true },
  accounts: [
    {
      name: "Internal account",
      reference: "internalaccount",
      type: "internal",
      limits: { price, total: null, color: null, mono: null, scan: null, denyAccess: null },
      rechargeProviders: [
        { name: "External Payment Providers", reference: "external" },
        { name: "Voucher", reference: "voucher" },
      ],
      groupId: null,
    },
    {
      name: "Monthly pages",
      reference: "quota-7",
      type: "quota",
      limits: { price: 0, total: 500, color: 100, mono: null, scan: null, denyAccess: 1 },
      groupId: 3,
    },
  ],
});

const newJobs = () => [
  {
    id: 4711,
    name: "Boarding pass.pdf",
    date: "2026-11-23",
    dateTime: "2026-11-23T08:14:05+01:00",
    favorite: false,
    cost: 0.05,
    duplex: false,
    color: false,
    pageCount: 1,
    colorCount: 0,
    copies: 1,
    paper: { state: 5 },
  },
  {
    id: 4712,
    name: "Quarterly report.docx",
    date: "2026-11-23",
    dateTime: "2026-11-23T09:02:41+01:00",
    favorite: true,
    cost: 1.2,
    duplex: true,
    color: true,
    pageCount: 12,
    colorCount: 4,
    copies: 1,
    paper: { state: 5 },
  },
];

const PRINTERS = {
  printers: [
    {
      id: 3,
      name: "Reception",
      state: "active",
      mode: "online",
      ipAddress: "10.0.0.31",
      serialNumber: "X1Y2Z3",
      mac: "00:11:22:33:44:55",
      terminalId: "",
      brand: "Kyocera",
      model: "TASKalfa 3253ci",
      notes: "",
      location: "Ground floor",
      enforcedModel: "",
      configurationId: 1,
    },
  ],
  count: 1,
};

class MyqError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function send(res: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    res.writeHead(status).end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "") return {};
  if ((req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded")) {
    const form = Object.fromEntries(new URLSearchParams(text));
    return typeof form.login_info === "string" ? { ...form, login_info: JSON.parse(form.login_info) } : form;
  }
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new MyqError(400, "Invalid JSON.");
  }
}

export async function startMyqDouble(): Promise<MyqDouble> {
  const tls = throwawayTls();
  const clientId = `myq-${randomBytes(6).toString("hex")}`;
  const clientSecret = randomBytes(24).toString("base64url");
  const signingKey = randomBytes(32);
  const requests: string[] = [];
  const releases: MyqDouble["releases"] = [];
  let price = 25.5;
  let jobs = newJobs();
  let payments: Array<{
    id: string;
    userId: number;
    amount: number;
    state: string;
    created: string;
    description: string;
    provider: string;
  }> = [];

  async function token(subject: "client" | "alice", scope: string): Promise<string> {
    const claims =
      subject === "alice"
        ? { username: ALICE.username, name: ALICE.fullname, scope, client_id: clientId }
        : { scope, client_id: clientId };
    return new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(subject === "alice" ? String(ALICE.id) : clientId)
      .setIssuedAt()
      .setExpirationTime("30m")
      .sign(signingKey);
  }

  /** Who a request acts for: a token this double issued, else 401. */
  async function caller(req: IncomingMessage): Promise<"client" | "alice"> {
    const header = req.headers.authorization ?? "";
    const match = /^Bearer (.+)$/.exec(header);
    if (!match) throw new MyqError(401, "Unauthorized.");
    const { jwtVerify } = await import("jose");
    try {
      const { payload } = await jwtVerify(match[1]!, signingKey);
      return payload.username === ALICE.username ? "alice" : "client";
    } catch {
      throw new MyqError(401, "Unauthorized.");
    }
  }

  async function tokenEndpoint(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    let id = body.client_id;
    let secret = body.client_secret;
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "");
    if (basic) [id, secret] = Buffer.from(basic[1]!, "base64").toString().split(":");
    if (id !== clientId || secret !== clientSecret) throw new MyqError(401, "Invalid client.");
    const scope = String(body.scope ?? "");
    const answer = async (subject: "client" | "alice") =>
      send(res, 200, { access_token: await token(subject, scope), token_type: "Bearer", expires_in: 1800, scope });
    if (body.grant_type === "client_credentials") return answer("client");
    if (body.grant_type === "login_info") {
      const info = (body.login_info ?? {}) as Record<string, unknown>;
      const ok =
        (info.type === 1 && info.card === ALICE_CARD) ||
        (info.type === 2 && info.pin === ALICE_PIN) ||
        (info.type === 3 && info.user === ALICE.username && info.pwd === ALICE_PASSWORD);
      if (ok) return answer("alice");
      throw new MyqError(400, "Invalid operation: Invalid login information.");
    }
    throw new MyqError(400, "Invalid operation: Unsupported grant type.");
  }

  async function api(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<void> {
    const who = await caller(req);
    const method = req.method ?? "GET";
    const own = (id: string) => {
      if (Number(id) !== ALICE.id) throw new MyqError(404, "Not found.");
    };
    let m: RegExpExecArray | null;
    if (method === "GET" && path === "/v3/users/find") {
      const hit =
        query.get("username") === ALICE.username ||
        query.get("username") === "a.liddell" ||
        query.get("email") === ALICE.email ||
        query.get("code") === ALICE.code;
      const withAliases = (query.get("include") ?? "").includes("aliases");
      const user = withAliases ? { ...ALICE, aliases: ["a.liddell"] } : ALICE;
      return send(res, 200, hit ? { users: [user], count: 1 } : { users: [], count: 0 });
    }
    if (method === "GET" && (m = /^\/v3\/users\/(\d+)$/.exec(path))) {
      own(m[1]!);
      const withAliases = (query.get("include") ?? "").includes("aliases");
      return send(res, 200, withAliases ? { ...ALICE, aliases: ["a.liddell"] } : ALICE);
    }
    if (method === "GET" && (m = /^\/v3\/users\/(\d+)\/accounts$/.exec(path))) {
      own(m[1]!);
      return send(res, 200, accounts(price));
    }
    if (method === "POST" && (m = /^\/v2\/users\/(\d+)\/pins$/.exec(path))) {
      own(m[1]!);
      return send(res, 200, { pin: "583920" });
    }
    if (method === "GET" && path === "/v3/jobs") {
      if (who !== "alice") throw new MyqError(403, "Forbidden.");
      return send(res, 200, { jobs, count: jobs.length });
    }
    if ((m = /^\/v3\/jobs\/(\d+)$/.exec(path))) {
      const job = jobs.find((j) => j.id === Number(m![1]));
      if (who !== "alice" || !job) throw new MyqError(404, "Not found.");
      if (method === "GET") return send(res, 200, job);
      if (method === "PATCH") {
        const body = await readBody(req);
        if (typeof body.favorite === "boolean") job.favorite = body.favorite;
        return send(res, 200, job);
      }
      if (method === "DELETE") {
        jobs = jobs.filter((j) => j !== job);
        return send(res, 200, {});
      }
    }
    if (method === "POST" && path === "/v3/jobs/delete") {
      const ids = (await readBody(req)) as unknown as number[];
      jobs = jobs.filter((j) => !(Array.isArray(ids) && ids.includes(j.id)));
      return send(res, 200, {});
    }
    if (method === "GET" && path === "/v3/printers") {
      if (who !== "client") throw new MyqError(403, "Forbidden.");
      return send(res, 200, PRINTERS);
    }
    if (method === "GET" && path === "/v3/printers/3/printAll") {
      return send(res, 200, {
        jobs: jobs.map((j) => ({ id: j.id, projectId: 0 })),
        counters: [jobs.length],
        moreJobs: false,
        projectSelected: false,
      });
    }
    if (method === "POST" && path === "/v3/printers/3/jobs/release") {
      const body = await readBody(req);
      const ids = Array.isArray(body.jobIds) ? (body.jobIds as number[]) : [];
      releases.push({ printerId: 3, jobIds: ids });
      // Released jobs print and leave the list; what MyQ answers is not public, so nothing is said.
      price -= jobs.filter((j) => ids.includes(j.id)).reduce((sum, j) => sum + j.cost, 0);
      jobs = jobs.filter((j) => !ids.includes(j.id));
      return send(res, 204);
    }
    if (method === "GET" && path === "/v3/rechargeProviders") {
      return send(res, 200, {
        providers: [
          { name: "External Payment Providers", reference: "external", description: "", params: [] },
          { name: "Voucher", reference: "voucher", description: "", params: [] },
        ],
        count: 2,
      });
    }
    if ((m = /^\/v3\/rechargeProviders\/(external|voucher)\/payments$/.exec(path))) {
      if (who !== "client") throw new MyqError(403, "Forbidden.");
      const provider = m[1]!;
      if (method === "GET") {
        const mine = payments.filter((p) => p.provider === provider && String(p.userId) === query.get("userId"));
        const list = mine.reverse().map((p) => ({
          ...p,
          currency: "EUR",
          updated: p.created,
          expires: null,
          paymentNo: `P-${p.id}`,
        }));
        return send(res, 200, { payments: list, count: list.length });
      }
      if (method === "POST") {
        const body = await readBody(req);
        const params = (body.params ?? {}) as { amount?: number; code?: string };
        const amount =
          provider === "external"
            ? Number(params.amount)
            : params.code?.replace(/[\s-]/g, "").toUpperCase() === "VOUCHER10"
              ? 10
              : NaN;
        if (!(amount > 0)) throw new MyqError(400, "Invalid operation: The payment cannot be created.");
        const payment = {
          id: randomBytes(4).toString("hex"),
          userId: Number(body.userId),
          amount,
          state: "created",
          created: new Date().toISOString(),
          description: String(body.description ?? ""),
          provider,
        };
        payments.push(payment);
        return send(res, 200, {
          id: payment.id,
          userId: payment.userId,
          amount,
          description: payment.description,
          params: { amount, createdBy: 1 },
        });
      }
    }
    if (
      method === "POST" &&
      (m = /^\/v3\/rechargeProviders\/(external|voucher)\/payments\/([^/]+)\/(commit|rollback)$/.exec(path))
    ) {
      if (who !== "client") throw new MyqError(403, "Forbidden.");
      await readBody(req);
      const payment = payments.find((p) => p.id === m![2] && p.provider === m![1]);
      if (!payment) throw new MyqError(404, "Not found.");
      if (m[3] === "commit" && payment.state === "created") {
        payment.state = "committed";
        price += payment.amount;
      } else if (m[3] === "rollback" && payment.state === "created") payment.state = "rolledback";
      return send(res, 200, { amount: payment.amount });
    }
    // Not public (server config, balances, reports, statements) or not there: MyQ's 404.
    throw new MyqError(404, "Not found.");
  }

  const server: Server = createServer({ key: tls.keyPem, cert: tls.certPem }, (req, res) => {
    const url = new URL(req.url ?? "/", "https://myq.test");
    requests.push(`${req.method} ${url.pathname}`);
    const handle = async () => {
      if (req.method === "GET" && url.pathname === "/api/server/status") return send(res, 200, 1);
      if (req.method === "GET" && url.pathname === "/api/v3/certificates/ca") {
        res.writeHead(200, { "Content-Type": "application/x-pem-file" }).end(tls.caPem);
        return;
      }
      if (req.method === "POST" && url.pathname === "/api/auth/token") return tokenEndpoint(req, res);
      if (url.pathname.startsWith("/api/")) return api(req, res, url.pathname.slice(4), url.searchParams);
      throw new MyqError(404, "Not found.");
    };
    handle().catch((error: unknown) => {
      const status = error instanceof MyqError ? error.status : 500;
      const message = error instanceof Error ? error.message : "Error";
      // MyQ's error body; its `code` need not be the status.
      if (!res.headersSent) send(res, status, { code: status === 404 ? 404 : 400, message, data: [] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    caPem: tls.caPem,
    clientId,
    clientSecret,
    requests,
    releases,
    reset: () => {
      price = 25.5;
      jobs = newJobs();
      payments = [];
      releases.length = 0;
      requests.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
