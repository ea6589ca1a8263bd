import { execFile } from "node:child_process";
import { X509Certificate, generateKeyPairSync } from "node:crypto";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { get as httpGet } from "node:http";
import path from "node:path";
import { connect } from "node:tls";
import { promisify } from "node:util";
import forge from "node-forge";
import { afterAll, describe, expect, it } from "vitest";
import { call } from "./support/openapi-client.js";
import { newDataDir, removeDataDir, runCli, startPrintServer } from "./support/print-server-process.js";

const run = promisify(execFile);
const dirs: string[] = [];
afterAll(() => dirs.forEach(removeDataDir));

function tlsHandshake(
  url: string,
  ca: string,
  options: { maxVersion?: "TLSv1.1" | "TLSv1.2" | "TLSv1.3"; servername?: string },
) {
  const { hostname, port } = new URL(url);
  return new Promise<string>((resolve, reject) => {
    const socket = connect({
      host: hostname,
      port: Number(port),
      ca,
      servername: options.servername,
      maxVersion: options.maxVersion,
      minVersion: "TLSv1",
    });
    socket.once("secureConnect", () => {
      resolve(socket.getProtocol() ?? "");
      socket.end();
    });
    socket.once("error", reject);
  });
}

function plainHttpStatus(url: string): Promise<number | undefined> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpGet({ host: hostname, port: Number(port), path: "/api/server/status", timeout: 30_000 }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.once("timeout", () => req.destroy(new Error("timed out")));
    req.once("error", reject);
  });
}

function makeOrganisationCa(): { cert: string; key: string } {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const key = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const fkey = forge.pki.privateKeyFromPem(key);
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(fkey.n, fkey.e);
  cert.serialNumber = "01";
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  const subject = [{ name: "commonName", value: "Example Org Root CA" }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: "basicConstraints", cA: true, critical: true },
    { name: "keyUsage", keyCertSign: true, cRLSign: true },
  ]);
  cert.sign(fkey, forge.md.sha256.create());
  return { cert: forge.pki.certificateToPem(cert), key };
}

describe("data folder, CA and TLS", () => {
  it(
    "creates the CA and server certificate on first start, reuses them, and serves TLS 1.2+ only",
    { timeout: 180_000 },
    async () => {
      const dataDir = newDataDir();
      dirs.push(dataDir);
      const server = await startPrintServer({ dataDir, env: { PRINT_SERVER_HOSTNAMES: "print.example.test" } });
      const firstCert = readFileSync(path.join(dataDir, "tls", "server.crt"), "utf8");
      try {
        expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
        expect(new URL(server.url).port).not.toBe("0");
        const cert = new X509Certificate(firstCert);
        expect(cert.checkIssued(new X509Certificate(server.caPem))).toBe(true);
        expect(cert.subjectAltName).toContain("DNS:localhost");
        expect(cert.subjectAltName).toContain("DNS:print.example.test");
        expect(cert.subjectAltName).toContain("IP Address:127.0.0.1");
        // Private keys (TLS, token signing, PIN/card lookup) are readable by their owner only.
        for (const file of ["tls/ca.key", "tls/server.key", "keys/token-signing.pem", "keys/lookup-hmac.key"]) {
          expect(statSync(path.join(dataDir, file)).mode & 0o077, file).toBe(0);
        }
        expect(await tlsHandshake(server.url, server.caPem, { maxVersion: "TLSv1.2" })).toBe("TLSv1.2");
        await expect(tlsHandshake(server.url, server.caPem, { maxVersion: "TLSv1.1" })).rejects.toThrow();
        // Never plain HTTP: an http:// request on the port gets no HTTP answer.
        await expect(plainHttpStatus(server.url)).rejects.toThrow();
        // Verification stays on: a client that trusts another CA is refused.
        await expect(tlsHandshake(server.url, makeOrganisationCa().cert, {})).rejects.toThrow();
        const exported = await server.cli(["ca", "export"]);
        expect(exported.stdout).toBe(server.caPem);
        expect(exported.stdout).toMatch(/^-----BEGIN CERTIFICATE-----/);
      } finally {
        await server.stop();
      }
      const again = await startPrintServer({ dataDir, env: { PRINT_SERVER_HOSTNAMES: "print.example.test" } });
      try {
        expect(readFileSync(path.join(dataDir, "tls", "server.crt"), "utf8")).toBe(firstCert);
        expect(again.caPem).toBe(server.caPem);
      } finally {
        await again.stop();
      }
      // A name added later gets a new server certificate from the same CA.
      const renamed = await startPrintServer({
        dataDir,
        env: { PRINT_SERVER_HOSTNAMES: "print.example.test, printers.example.test" },
      });
      try {
        const cert = new X509Certificate(readFileSync(path.join(dataDir, "tls", "server.crt"), "utf8"));
        expect(cert.checkHost("printers.example.test")).toBe("printers.example.test");
        expect(cert.checkHost("print.example.test")).toBe("print.example.test");
        expect(cert.checkIP("::1")).toBe("::1");
        expect(cert.checkIssued(new X509Certificate(server.caPem))).toBe(true);
        expect(await tlsHandshake(renamed.url, server.caPem, { servername: "printers.example.test" })).toMatch(
          /^TLSv1\.[23]$/,
        );
      } finally {
        await renamed.stop();
      }
    },
  );

  it("imports the organisation's own CA and issues the server certificate from it", { timeout: 180_000 }, async () => {
    const dataDir = newDataDir();
    dirs.push(dataDir);
    const org = makeOrganisationCa();
    writeFileSync(path.join(dataDir, "org-ca.crt"), org.cert);
    writeFileSync(path.join(dataDir, "org-ca.key"), org.key);
    const env = { PRINT_SERVER_DATA: dataDir };
    const imported = await runCli(
      ["ca", "import", "--cert", path.join(dataDir, "org-ca.crt"), "--key", path.join(dataDir, "org-ca.key")],
      env,
    );
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toBe("");
    const server = await startPrintServer({ dataDir });
    try {
      expect(new X509Certificate(server.caPem).fingerprint256).toBe(new X509Certificate(org.cert).fingerprint256);
      expect((await call(server, "getServerStatus")).json).toBe(1);
    } finally {
      await server.stop();
    }
    const wrongKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({
      type: "pkcs8",
      format: "pem",
    });
    writeFileSync(path.join(dataDir, "other.key"), wrongKey);
    const refused = await runCli(
      ["ca", "import", "--cert", path.join(dataDir, "org-ca.crt"), "--key", path.join(dataDir, "other.key")],
      env,
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("does not belong");
    expect(refused.stderr).not.toMatch(/\n\s+at /);
  });
});

describe("clients", () => {
  it(
    "prints exactly one JSON object for clients add, lists and removes clients, stores only a hash",
    { timeout: 180_000 },
    async () => {
      const dataDir = newDataDir();
      dirs.push(dataDir);
      const env = { PRINT_SERVER_DATA: dataDir };
      const added = await runCli(
        [
          "clients",
          "add",
          "--title",
          "Portal",
          "--scopes",
          "users reports credit offline.access",
          "--redirect-uri",
          "http://localhost:3000/a",
          "--redirect-uri",
          "http://localhost:3000/b",
          "--forwards-user-address",
        ],
        env,
      );
      expect(added.code, added.stderr).toBe(0);
      expect(added.stdout.trim().split("\n")).toHaveLength(1);
      const created = JSON.parse(added.stdout);
      expect(Object.keys(created).sort()).toEqual(["clientId", "clientSecret", "scopes", "title"]);
      expect(created).toMatchObject({ title: "Portal", scopes: "users reports credit offline.access" });
      expect(created.clientId).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(created.clientSecret).toMatch(/^[A-Za-z0-9_-]{40,}$/);

      const listed = JSON.parse((await runCli(["clients", "list"], env)).stdout);
      expect(listed).toEqual([
        expect.objectContaining({
          clientId: created.clientId,
          redirectUris: ["http://localhost:3000/a", "http://localhost:3000/b"],
          forwardsUserAddress: true,
        }),
      ]);
      expect(JSON.stringify(listed)).not.toContain(created.clientSecret);
      expect(readFileSync(path.join(dataDir, "print-server.db")).includes(Buffer.from(created.clientSecret))).toBe(
        false,
      );

      const bad = await runCli(["clients", "add", "--title", "X", "--scopes", "reports everything"], env);
      expect(bad.code).toBe(1);
      expect(bad.stdout).toBe("");
      expect(bad.stderr).toContain("Unknown scopes: everything");

      expect((await runCli(["clients", "remove", created.clientId], env)).code).toBe(0);
      expect(JSON.parse((await runCli(["clients", "list"], env)).stdout)).toEqual([]);
      expect((await runCli(["clients", "remove", created.clientId], env)).code).toBe(1);
    },
  );

  it(
    "keeps secrets out of the database: passwords salted scrypt, PINs and cards keyed hashes in a separate key file",
    { timeout: 180_000 },
    async () => {
      const dataDir = newDataDir();
      dirs.push(dataDir);
      await runCli(["clients", "list"], { PRINT_SERVER_DATA: dataDir });
      const db = readFileSync(path.join(dataDir, "print-server.db"));
      for (const secret of ["wonderland", "canwefixit", "higherfurther", "112358", "314159", "04A1B2C3", "04D5E6F7"]) {
        expect(db.includes(Buffer.from(secret)), secret).toBe(false);
      }
      expect(readFileSync(path.join(dataDir, "keys", "lookup-hmac.key"), "utf8").trim()).toMatch(
        /^[A-Za-z0-9+/=]{44}$/,
      );
    },
  );
});

describe("the README's curl commands", () => {
  it("get a token with --cacert, list reports, run one and download it", { timeout: 180_000 }, async () => {
    const server = await startPrintServer();
    dirs.push(server.dataDir);
    try {
      const client = await server.registerClient("users reports credit offline.access", { title: "Portal" });
      const caFile = path.join(server.dataDir, "exported-ca.pem");
      writeFileSync(caFile, (await server.cli(["ca", "export"])).stdout);
      const curl = async (...args: string[]) =>
        (await run("curl", ["--silent", "--show-error", "--fail", "--cacert", caFile, ...args])).stdout;
      const token = JSON.parse(
        await curl(
          "-X",
          "POST",
          `${server.url}/api/auth/token`,
          "-H",
          "Content-Type: application/json",
          "-d",
          JSON.stringify({
            grant_type: "login_info",
            scope: "reports",
            client_id: client.clientId,
            client_secret: client.clientSecret,
            login_info: { type: 3, user: "alice", pwd: "wonderland" },
          }),
        ),
      );
      const auth = `Authorization: Bearer ${token.access_token}`;
      const list = JSON.parse(await curl(`${server.url}/api/v3/reports`, "-H", auth));
      expect(list.count).toBe(3);
      const { executionId } = JSON.parse(
        await curl(
          "-X",
          "POST",
          `${server.url}/api/v3/reports/executions`,
          "-H",
          auth,
          "-H",
          "Content-Type: application/json",
          "-d",
          '{"id":3,"format":"csv"}',
        ),
      );
      const out = path.join(server.dataDir, "monthly.csv");
      let status = "202";
      while (status === "202") {
        status = (
          await run("curl", [
            "--silent",
            "--cacert",
            caFile,
            "-o",
            out,
            "-w",
            "%{http_code}",
            "-H",
            auth,
            `${server.url}/api/v3/reports/executions/${executionId}/download`,
          ])
        ).stdout;
      }
      expect(status).toBe("200");
      expect(readFileSync(out, "utf8")).toMatch(/^Month,Jobs,Pages/);
    } finally {
      await server.stop();
    }
  });
});

describe("settings", () => {
  it("shows the server's settings and changes what users may change themselves", { timeout: 180_000 }, async () => {
    const dataDir = newDataDir();
    dirs.push(dataDir);
    const env = { PRINT_SERVER_DATA: dataDir };
    const shown = await runCli(["settings", "show"], env);
    expect(shown.code, shown.stderr).toBe(0);
    expect(JSON.parse(shown.stdout)).toMatchObject({
      currency: "EUR",
      selfService: { pinChange: { allowed: true, length: 6 }, profileEditing: true },
    });
    const changed = await runCli(
      [
        "settings",
        "self-service",
        "--pin-change",
        "off",
        "--pin-length",
        "8",
        "--profile-editing",
        "off",
        "--password-min-length",
        "12",
      ],
      env,
    );
    expect(changed.code, changed.stderr).toBe(0);
    expect(JSON.parse(changed.stdout)).toEqual({
      pinChange: { allowed: false, length: 8 },
      profileEditing: false,
      passwordRules: { minLength: 12, maxLength: 128, requireLetter: true, requireDigit: true },
    });
    expect(JSON.parse((await runCli(["settings", "show"], env)).stdout).selfService.pinChange).toEqual({
      allowed: false,
      length: 8,
    });
    for (const [args, message] of [
      [["--pin-length", "3"], "pinChange/length must be >= 4"],
      [["--pin-change", "maybe"], "--pin-change must be on or off"],
      [["--password-min-length", "200"], "minimum length is above its maximum"],
    ] as const) {
      const refused = await runCli(["settings", "self-service", ...args], env);
      expect(refused.code, args.join(" ")).toBe(1);
      expect(refused.stderr).toContain(message);
      expect(refused.stderr).not.toMatch(/\n\s+at /);
    }
  });
});
