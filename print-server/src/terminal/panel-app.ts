import formbody from "@fastify/formbody";
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import { z } from "zod";
import type { Services } from "../services.js";
import { easyPrint, listEasyPrintFiles, MAX_COPIES } from "./easy-print.js";
import { easyScan } from "./easy-scan.js";
import {
  easyPrintScreen,
  easyScanScreen,
  menuScreen,
  noticeScreen,
  printedScreen,
  scannedScreen,
  signInScreen,
  type ScreenContext,
  type ScreenMessage,
} from "./panel-html.js";
import { createPanelSessions, type PanelAnswer, type PanelSessionOptions } from "./panel-sessions.js";
import { failure } from "./panel-failures.js";
import { allPrinters, signInAtPrinter, terminalDeps, type TerminalSession } from "./terminal-deps.js";

const formToken = z.string().min(1).max(100);
const sessionBody = z.object({ session: z.string().min(1).max(100) });
const signInBody = z.object({
  form: formToken,
  printer: z.coerce.number().int().positive(),
  pin: z.string().min(1).max(64),
});
const printBody = sessionBody.extend({
  form: formToken,
  file: z
    .union([z.string().max(2000), z.array(z.string().max(2000)).max(100)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
  copies: z.coerce.number().int().min(1).max(MAX_COPIES),
  colour: z.enum(["mono", "colour"]).default("mono"),
});
const scanBody = sessionBody.extend({ form: formToken });
const signInQuery = z.object({ printer: z.coerce.number().int().positive().optional().catch(undefined) });

function send(reply: FastifyReply, answer: PanelAnswer): FastifyReply {
  if (answer.retryAfter) reply.header("Retry-After", answer.retryAfter);
  return (
    reply
      .type("text/html; charset=utf-8")
      .header("Cache-Control", "no-store")
      // Not no-referrer: with it a browser sends "Origin: null" on the panel's own form posts.
      .header("Referrer-Policy", "same-origin")
      .header("X-Content-Type-Options", "nosniff")
      .header(
        "Content-Security-Policy",
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
      )
      .code(answer.status)
      .send(answer.body)
  );
}

/**
 * The printer panel: what a person sees on a MyQ printer's screen, in a
 * browser tab. Sign in with a PIN at a chosen printer, then Easy Print (the
 * files in "To print" of the external storage) or Easy Scan (a generated page
 * into "Scans"). Plain forms without script; served alone over loopback HTTP
 * (StartupSettings.panelPort), never on the API's port.
 */
export async function buildPanelApp(
  s: Services,
  logger: FastifyBaseLogger,
  options?: PanelSessionOptions,
): Promise<FastifyInstance> {
  const deps = terminalDeps(s);
  const sessions = createPanelSessions(options);
  const app = Fastify({
    loggerInstance: logger,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 64 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.addHook("onClose", async () => sessions.stop());
  app.decorateRequest("logIds", null);

  // One line per request, as the API logs it: the route pattern, never a form field.
  app.addHook("onResponse", async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? "(unmatched)",
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
        userId: request.logIds?.userId,
        panel: true,
      },
      "request",
    );
  });

  // Forms only: a form from another site is refused before it is read (the session token guards the rest).
  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "POST") return;
    // Browsers send Sec-Fetch-Site; Origin is the fallback for those that do not.
    const site = request.headers["sec-fetch-site"];
    const origin = request.headers.origin;
    const crossSite =
      site !== undefined
        ? site !== "same-origin" && site !== "none"
        : origin !== undefined && origin !== `http://${request.headers.host}`;
    if (crossSite)
      return send(reply, {
        status: 400,
        body: noticeScreen("Not sent from this panel", { text: "This form did not come from the printer panel." }),
      });
  });
  app.removeAllContentTypeParsers();
  await app.register(formbody, { bodyLimit: 64 * 1024 });

  app.setErrorHandler((err: FastifyError, request, reply) => {
    const client = typeof err.statusCode === "number" && err.statusCode >= 400 && err.statusCode < 500;
    if (!client) request.log.error({ errName: err.name, errCode: err.code, errMessage: err.message }, "panel failed");
    return send(reply, {
      status: client ? 400 : 500,
      body: noticeScreen("Not possible", {
        text: client ? "The panel could not read that request." : "Something went wrong at the printer. Try again.",
      }),
    });
  });
  app.setNotFoundHandler(async (_request, reply) =>
    send(reply, { status: 404, body: noticeScreen("Not found", { text: "The printer panel has no such page." }) }),
  );

  const signInAnswer = (status: PanelAnswer["status"], message?: ScreenMessage, selected?: number): PanelAnswer => ({
    status,
    body: signInScreen({ printers: allPrinters(deps), selected, form: sessions.issueForm("sign-in", null), message }),
  });
  const ended: PanelAnswer = {
    status: 400,
    body: noticeScreen("Signed out", { text: "You are signed out of the printer. Sign in again." }),
  };
  const badForm: PanelAnswer = {
    status: 400,
    body: noticeScreen("Not possible", { text: "The panel could not read that form. Start again." }),
  };

  /** The person and printer of a live session, with what every screen of it shows. */
  function sessionOf(id: string): { terminal: TerminalSession; screen: ScreenContext } | undefined {
    const session = sessions.get(id);
    const user = session && s.users.byId(session.userId);
    const printer = session && s.printers.byId(session.printerId);
    if (!session || !user || !printer) return undefined;
    return { terminal: { user, printer }, screen: { session: id, person: user.fullname, printer } };
  }

  /** The session a form was sent in, or the answer to send instead. */
  function requireSession(body: unknown, request: FastifyRequest) {
    const parsed = sessionBody.safeParse(body);
    if (!parsed.success) return { answer: badForm };
    const found = sessionOf(parsed.data.session);
    if (!found) return { answer: ended };
    request.logIds = { userId: found.terminal.user.id };
    return { found };
  }

  async function easyPrintList(
    found: { terminal: TerminalSession; screen: ScreenContext },
    log: FastifyBaseLogger,
    message?: ScreenMessage,
  ) {
    const form = sessions.issueForm("print", found.screen.session);
    try {
      const files = await listEasyPrintFiles(deps, found.terminal);
      return {
        status: message ? 400 : 200,
        body: easyPrintScreen(found.screen, { files, form, message }),
      } as PanelAnswer;
    } catch (err) {
      const failed = failure(err, log);
      return {
        status: message ? 400 : failed.status,
        body: easyPrintScreen(found.screen, { files: null, form, message: message ?? failed.message }),
      } as PanelAnswer;
    }
  }

  app.get("/", async (request, reply) => {
    const query = signInQuery.safeParse(request.query);
    return send(reply, signInAnswer(200, undefined, query.success ? query.data.printer : undefined));
  });

  app.post("/sign-in", async (request, reply) => {
    const parsed = signInBody.safeParse(request.body);
    if (!parsed.success) return send(reply, signInAnswer(400, { text: "Choose a printer and type your PIN." }));
    const { form, printer, pin } = parsed.data;
    const answer = sessions.redeem(form, "sign-in", null, async () => {
      try {
        const terminal = await signInAtPrinter(deps, printer, pin, request.socket.remoteAddress ?? "unknown");
        const session = sessions.start(terminal.user.id, terminal.printer.id);
        return {
          status: 200,
          body: menuScreen({ session, person: terminal.user.fullname, printer: terminal.printer }),
        };
      } catch (err) {
        const failed = failure(err, request.log);
        return { ...signInAnswer(failed.status, failed.message, printer), retryAfter: failed.retryAfter };
      }
    });
    return send(
      reply,
      (await answer) ?? signInAnswer(400, { text: "The sign-in form expired. Sign in again." }, printer),
    );
  });

  app.post("/menu", async (request, reply) => {
    const { found, answer } = requireSession(request.body, request);
    return send(reply, found ? { status: 200, body: menuScreen(found.screen) } : answer);
  });

  app.post("/sign-out", async (request, reply) => {
    const parsed = sessionBody.safeParse(request.body);
    if (parsed.success) sessions.end(parsed.data.session);
    return send(reply, signInAnswer(200, undefined));
  });

  app.post("/easy-print", async (request, reply) => {
    const { found, answer } = requireSession(request.body, request);
    return send(reply, found ? await easyPrintList(found, request.log) : answer);
  });

  app.post("/easy-print/print", async (request, reply) => {
    const { found, answer } = requireSession(request.body, request);
    if (!found) return send(reply, answer);
    const parsed = printBody.safeParse(request.body);
    if (!parsed.success)
      return send(
        reply,
        await easyPrintList(found, request.log, { text: `Choose files, and from 1 to ${MAX_COPIES} copies.` }),
      );
    const { form, file, copies, colour } = parsed.data;
    const printed = sessions.redeem(form, "print", found.screen.session, async () => {
      try {
        const result = await easyPrint(deps, found.terminal, { fileIds: file, copies, colour: colour === "colour" });
        return { status: 200, body: printedScreen(found.screen, result) };
      } catch (err) {
        return easyPrintList(found, request.log, failure(err, request.log).message);
      }
    });
    return send(
      reply,
      (await printed) ?? (await easyPrintList(found, request.log, { text: "That form expired. Choose again." })),
    );
  });

  app.post("/easy-scan", async (request, reply) => {
    const { found, answer } = requireSession(request.body, request);
    if (!found) return send(reply, answer);
    return send(reply, {
      status: 200,
      body: easyScanScreen(found.screen, { form: sessions.issueForm("scan", found.screen.session) }),
    });
  });

  app.post("/easy-scan/scan", async (request, reply) => {
    const { found, answer } = requireSession(request.body, request);
    if (!found) return send(reply, answer);
    const parsed = scanBody.safeParse(request.body);
    const again = (message: ScreenMessage, status: PanelAnswer["status"]): PanelAnswer => ({
      status,
      body: easyScanScreen(found.screen, { form: sessions.issueForm("scan", found.screen.session), message }),
    });
    if (!parsed.success) return send(reply, again({ text: "The panel could not read that form." }, 400));
    const scanned = sessions.redeem(parsed.data.form, "scan", found.screen.session, async () => {
      try {
        return { status: 200, body: scannedScreen(found.screen, await easyScan(deps, found.terminal)) };
      } catch (err) {
        const failed = failure(err, request.log);
        return again(failed.message, failed.status);
      }
    });
    return send(reply, (await scanned) ?? again({ text: "That form expired. Scan again." }, 400));
  });

  return app;
}
