import { readFileSync } from "node:fs";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { loadStartupSettings, resolveUserPath } from "./config.js";
import { openDataStore } from "./data-store.js";
import { clientsRepository, KNOWN_SCOPES } from "./db/clients.js";
import { grantsStore } from "./db/grants-store.js";
import { readSelfService, readServerConfig, writeSelfService } from "./db/settings.js";
import { readPriceList, writePriceList, type PriceList } from "./db/price-list.js";
import { printersRepository, type PrinterRow } from "./db/printers.js";
import { usersRepository } from "./db/users.js";
import { CliError } from "./errors.js";
import { enabledProviders, providerReferences, writeEnabledProviders } from "./payments/recharge-providers.js";
import { startServer } from "./server.js";
import { ensureCa, importCa } from "./tls/certificates.js";
import { dataPaths } from "./data-paths.js";
import { openTerminal, terminalEasyPrint, terminalEasyScan } from "./terminal/terminal-commands.js";

const USAGE = `Usage: npm run print-server -- [command]

  serve [--scale N]          Serve HTTPS (the default command). --scale N adds N generated
                             users with twelve months of printing (use its own PRINT_SERVER_DATA).
  ca export                  Print the CA certificate (PEM) that clients must trust.
  ca import --cert F --key F Use the organisation's own CA (RSA, PEM, unencrypted key).
  clients add --title T --scopes "users reports credit offline.access"
              [--redirect-uri URL]... [--forwards-user-address] [--manage-payments]
                             Register a REST API application; prints one JSON object.
                             --manage-payments gives MyQ's "Manage payments" right
                             (create, commit, roll back and list credit payments).
  clients list               Print the registered applications (JSON).
  clients remove ID          Remove an application; its tokens stop working.
  tokens revoke --user NAME  Revoke every refresh token of a user.
  users remove-password --user NAME
                             Remove a local user's password: they then sign in by PIN only.
  settings show              Print the settings GET /v3/server/config answers (JSON).
  settings self-service [--pin-change on|off] [--pin-length N] [--profile-editing on|off]
              [--password-min-length N] [--password-max-length N]
              [--password-letter on|off] [--password-digit on|off]
                             Change what users may change themselves (applies at once,
                             also while the server runs); prints the new settings.
  settings recharge-providers [--voucher on|off] [--external on|off]
                             Show or change which recharge providers are enabled (vouchers,
                             payments taken elsewhere); at once, no restart. Prints the enabled ones.
  prices [--mono X] [--colour X] [--duplex-discount X]
                             Show the price list (JSON, currency units), or change it: a page in
                             mono, a page in colour, what a two-sided sheet saves. At once, no restart.
  printers mode ID online|offline|withIssue
                             Set what a printer's (simulated) device reports: offline or withIssue
                             refuse releases at once, online prints again. Prints the printer's id,
                             name and mode.
  terminal easy-print --printer NAME --pin PIN [--file NAME] [--copies N] [--colour]
                             At a printer's panel: sign in with the PIN, print the files in the
                             person's "To print" of the external storage (all, or the one named),
                             wait until printed; prints the jobs, their cost and what was removed.
  terminal easy-scan --printer NAME --pin PIN
                             At a printer's panel: deliver a generated one-page PDF scan into the
                             person's "Scans" of the external storage; prints its name.
  help                       This text.

Environment: see print-server/README.md.`;

const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

function parse<O extends NonNullable<ParseArgsConfig["options"]>>(args: string[], options: O) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new CliError(err instanceof Error ? err.message : String(err));
  }
}

async function serve(args: string[]): Promise<void> {
  const { values } = parse(args, { scale: { type: "string" } });
  const scale = values.scale === undefined ? undefined : Number(values.scale);
  if (scale !== undefined && (!Number.isInteger(scale) || scale < 1 || scale > 1_000_000)) {
    throw new CliError("--scale must be a whole number from 1 to 1000000.");
  }
  const server = await startServer(loadStartupSettings(), { scale });
  const stop = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

async function withStore<T>(work: (store: Awaited<ReturnType<typeof openDataStore>>) => T | Promise<T>): Promise<T> {
  const store = await openDataStore(loadStartupSettings().dataDir);
  try {
    return await work(store);
  } finally {
    store.db.close();
  }
}

function redirectUri(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CliError(`--redirect-uri ${value} is not an absolute URL.`);
  }
  if (!["https:", "http:"].includes(url.protocol) || url.hash) {
    throw new CliError(`--redirect-uri ${value} must be an http(s) URL without a #fragment.`);
  }
  return value;
}

async function clients(sub: string | undefined, args: string[]): Promise<void> {
  if (sub === "add") {
    const { values } = parse(args, {
      title: { type: "string" },
      scopes: { type: "string" },
      "redirect-uri": { type: "string", multiple: true },
      "forwards-user-address": { type: "boolean" },
      "manage-payments": { type: "boolean" },
    });
    const title = values.title?.toString().trim();
    if (!title) throw new CliError("--title is required.");
    const scopes = [
      ...new Set(
        String(values.scopes ?? "")
          .split(/[\s,]+/)
          .filter(Boolean),
      ),
    ];
    if (scopes.length === 0) throw new CliError(`--scopes is required (from: ${KNOWN_SCOPES.join(" ")}).`);
    const unknown = scopes.filter((x) => !(KNOWN_SCOPES as readonly string[]).includes(x));
    if (unknown.length > 0)
      throw new CliError(`Unknown scopes: ${unknown.join(" ")} (known: ${KNOWN_SCOPES.join(" ")}).`);
    const redirectUris = ((values["redirect-uri"] ?? []) as string[]).map(redirectUri);
    const forwardsUserAddress = values["forwards-user-address"] === true;
    const managePayments = values["manage-payments"] === true;
    const created = await withStore(({ db }) =>
      clientsRepository(db).add({ title, scopes, redirectUris, forwardsUserAddress, managePayments }),
    );
    print({ clientId: created.clientId, clientSecret: created.clientSecret, title, scopes: scopes.join(" ") });
    return;
  }
  if (sub === "list") {
    parse(args, {});
    print(await withStore(({ db }) => clientsRepository(db).list()));
    return;
  }
  if (sub === "remove") {
    const { positionals } = parse(args, {});
    const id = positionals[0];
    if (!id || positionals.length > 1) throw new CliError("Usage: clients remove ID");
    const removed = await withStore(({ db }) => clientsRepository(db).remove(id));
    if (!removed) throw new CliError(`No client ${id}.`);
    print({ removed: id });
    return;
  }
  throw new CliError("Usage: clients add|list|remove (see help).");
}

async function ca(sub: string | undefined, args: string[]): Promise<void> {
  const paths = dataPaths(loadStartupSettings().dataDir);
  if (sub === "export") {
    parse(args, {});
    process.stdout.write(ensureCa(paths).certPem);
    return;
  }
  if (sub === "import") {
    const { values } = parse(args, { cert: { type: "string" }, key: { type: "string" } });
    if (typeof values.cert !== "string" || typeof values.key !== "string")
      throw new CliError("Usage: ca import --cert F --key F");
    const read = (file: string) => {
      try {
        return readFileSync(resolveUserPath(file), "utf8");
      } catch {
        throw new CliError(`Cannot read ${file}.`);
      }
    };
    importCa(paths, read(values.cert), read(values.key));
    process.stderr.write("Imported. The server certificate is issued from it on the next start; restart the server.\n");
    return;
  }
  throw new CliError("Usage: ca export | ca import --cert F --key F");
}

async function tokens(sub: string | undefined, args: string[]): Promise<void> {
  const { values } = parse(args, { user: { type: "string" } });
  if (sub !== "revoke" || typeof values.user !== "string") throw new CliError("Usage: tokens revoke --user USERNAME");
  const username = values.user;
  const revoked = await withStore(({ db, lookupKey }) => {
    const user = usersRepository(db, lookupKey).byNameOrAlias(username);
    if (!user) throw new CliError(`No user ${username}.`);
    return grantsStore(db, 0).revokeAllOfUser(user.id);
  });
  print({ user: username, revoked });
}

async function users(sub: string | undefined, args: string[]): Promise<void> {
  const { values } = parse(args, { user: { type: "string" } });
  if (sub !== "remove-password" || typeof values.user !== "string")
    throw new CliError("Usage: users remove-password --user USERNAME");
  const username = values.user;
  await withStore(({ db, lookupKey }) => {
    const repository = usersRepository(db, lookupKey);
    const user = repository.byNameOrAlias(username);
    if (!user) throw new CliError(`No user ${username}.`);
    repository.setPasswordHash(user.id, null);
  });
  print({ user: username, hasPassword: false });
}

function onOff(option: string, value: string | undefined, current: boolean): boolean {
  if (value === undefined) return current;
  if (value !== "on" && value !== "off") throw new CliError(`--${option} must be on or off.`);
  return value === "on";
}

function count(option: string, value: string | undefined, current: number): number {
  if (value === undefined) return current;
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n)) throw new CliError(`--${option} must be a whole number.`);
  return n;
}

async function settings(sub: string | undefined, args: string[]): Promise<void> {
  if (sub === "show") {
    parse(args, {});
    print(await withStore(({ db }) => readServerConfig(db)));
    return;
  }
  if (sub === "recharge-providers") return rechargeProviders(args);
  if (sub !== "self-service")
    throw new CliError(
      "Usage: settings show | settings self-service [options] | settings recharge-providers [options] (see help)",
    );
  const flag = { type: "string" } as const;
  const { values: v } = parse(args, {
    "pin-change": flag,
    "pin-length": flag,
    "profile-editing": flag,
    "password-min-length": flag,
    "password-max-length": flag,
    "password-letter": flag,
    "password-digit": flag,
  });
  const changed = await withStore(({ db }) => {
    const now = readSelfService(db);
    const next = {
      pinChange: {
        allowed: onOff("pin-change", v["pin-change"], now.pinChange.allowed),
        length: count("pin-length", v["pin-length"], now.pinChange.length),
      },
      profileEditing: onOff("profile-editing", v["profile-editing"], now.profileEditing),
      passwordRules: {
        minLength: count("password-min-length", v["password-min-length"], now.passwordRules.minLength),
        maxLength: count("password-max-length", v["password-max-length"], now.passwordRules.maxLength),
        requireLetter: onOff("password-letter", v["password-letter"], now.passwordRules.requireLetter),
        requireDigit: onOff("password-digit", v["password-digit"], now.passwordRules.requireDigit),
      },
    };
    writeSelfService(db, next);
    return next;
  });
  print(changed);
}

/** Which recharge providers are enabled: `--voucher off` is an organisation that sells no vouchers. */
async function rechargeProviders(args: string[]): Promise<void> {
  const flag = { type: "string" } as const;
  const { values } = parse(args, { voucher: flag, external: flag });
  const enabled = await withStore(({ db }) => {
    const now = enabledProviders(db);
    const wanted = providerReferences.filter((ref) => onOff(ref, values[ref], now.includes(ref)));
    if (providerReferences.some((ref) => values[ref] !== undefined)) writeEnabledProviders(db, wanted);
    return wanted;
  });
  print({ rechargeProviders: enabled });
}

/** A price in currency units with at most two decimals (0.05), as whole cents. */
function cents(option: string, value: string): number {
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(value)) {
    throw new CliError(`--${option} must be an amount in currency units like 0.05 (at most two decimals).`);
  }
  return Math.round(Number(value) * 100);
}

async function prices(args: string[]): Promise<void> {
  const { values, positionals } = parse(args, {
    mono: { type: "string" },
    colour: { type: "string" },
    "duplex-discount": { type: "string" },
  });
  if (positionals.length > 0) throw new CliError("Usage: prices [--mono X] [--colour X] [--duplex-discount X]");
  const list = await withStore(({ db }) => {
    const change: Partial<PriceList> = {};
    if (values.mono !== undefined) change.monoPageCents = cents("mono", values.mono);
    if (values.colour !== undefined) change.colourPageCents = cents("colour", values.colour);
    if (values["duplex-discount"] !== undefined) {
      change.duplexSheetDiscountCents = cents("duplex-discount", values["duplex-discount"]);
    }
    const next = { ...readPriceList(db), ...change };
    if (Object.keys(change).length > 0) writePriceList(db, next);
    return next;
  });
  print({
    monoPage: list.monoPageCents / 100,
    colourPage: list.colourPageCents / 100,
    duplexSheetDiscount: list.duplexSheetDiscountCents / 100,
  });
}

const PRINTER_MODES = ["online", "offline", "withIssue"] as const;

/** The simulated device's state, as a technician switching a printer off or clearing a jam would change it. */
async function printers(sub: string | undefined, args: string[]): Promise<void> {
  const { positionals } = parse(args, {});
  const [id, mode] = positionals;
  const usage = `Usage: printers mode ID ${PRINTER_MODES.join("|")}`;
  if (sub !== "mode" || positionals.length !== 2 || !/^\d+$/.test(id!)) throw new CliError(usage);
  if (!(PRINTER_MODES as readonly string[]).includes(mode!)) throw new CliError(usage);
  const printer = await withStore(({ db }) => {
    const repository = printersRepository(db);
    if (!repository.setMode(Number(id), mode as PrinterRow["mode"])) throw new CliError(`No printer ${id}.`);
    return repository.byId(Number(id))!;
  });
  print({ id: printer.id, name: printer.name, mode: printer.mode });
}

/** A printer's panel from the command line, as the panel page does it (MyQ's Easy Print and Easy Scan). */
async function terminal(sub: string | undefined, args: string[]): Promise<void> {
  const usage =
    "Usage: terminal easy-print --printer NAME --pin PIN [--file NAME] [--copies N] [--colour] | terminal easy-scan --printer NAME --pin PIN";
  if (sub !== "easy-print" && sub !== "easy-scan") throw new CliError(usage);
  const { values, positionals } = parse(args, {
    printer: { type: "string" },
    pin: { type: "string" },
    ...(sub === "easy-print" && {
      file: { type: "string" },
      copies: { type: "string" },
      colour: { type: "boolean" },
    }),
  });
  const { printer, pin } = values;
  if (typeof printer !== "string" || typeof pin !== "string" || positionals.length > 0) throw new CliError(usage);
  const opened = await openTerminal(loadStartupSettings());
  try {
    if (sub === "easy-scan") {
      print(await terminalEasyScan(opened.deps, { printer, pin }));
      return;
    }
    const copies = values.copies === undefined ? 1 : count("copies", String(values.copies), 1);
    print(
      await terminalEasyPrint(opened.deps, {
        printer,
        pin,
        file: typeof values.file === "string" ? values.file : undefined,
        copies,
        colour: values.colour === true,
      }),
    );
  } finally {
    await opened.close();
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, sub, ...rest] = argv;
  switch (command) {
    case undefined:
      return serve([]);
    case "serve":
      return serve(argv.slice(1));
    case "ca":
      return ca(sub, rest);
    case "clients":
      return clients(sub, rest);
    case "tokens":
      return tokens(sub, rest);
    case "users":
      return users(sub, rest);
    case "settings":
      return settings(sub, rest);
    case "prices":
      return prices(argv.slice(1));
    case "printers":
      return printers(sub, rest);
    case "terminal":
      return terminal(sub, rest);
    case "help":
    case "--help":
    case "-h":
      process.stdout.write(`${USAGE}\n`);
      return;
    default:
      if (command.startsWith("--")) return serve(argv);
      throw new CliError(`Unknown command ${command}.\n\n${USAGE}`);
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  // Messages only: no stack trace on the console either.
  process.stderr.write(`print-server: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
