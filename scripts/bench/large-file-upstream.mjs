// A stand-in print server over HTTPS for the download measures: enough of
// the contract to sign a person in by PIN and hand them report files of a
// chosen size, generated on the fly (nothing is written to disk and nothing
// waits for a report to run). The portal and the floor both stream from it,
// so the two compare on the same upstream; it trusts nobody and checks
// nothing, which is not what is measured.

import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer } from "node:https";
import { Readable } from "node:stream";
import { SignJWT } from "jose";
import forge from "node-forge";

const BLOCK_BYTES = 64 * 1024;
const BLOCK = Buffer.alloc(BLOCK_BYTES, "2026-11,12,345,67,278,12.34,89\n");

/** The file's blocks, each its own copy (a socket may still hold the one before). */
export function* fileBlocks(size) {
  for (let sent = 0; sent < size; sent += BLOCK_BYTES) {
    const copy = Buffer.from(BLOCK);
    yield sent + BLOCK_BYTES <= size ? copy : copy.subarray(0, size - sent);
  }
}

function rsaKeys() {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: "pkcs1", format: "pem" }).toString());
  return { privateKey: key, publicKey: forge.pki.setRsaPublicKey(key.n, key.e) };
}

function certificate(publicKey, subject, issuer) {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  const serial = randomBytes(16);
  serial[0] &= 0x7f;
  cert.serialNumber = serial.toString("hex");
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 24 * 3600_000);
  cert.setSubject(subject);
  cert.setIssuer(issuer);
  return cert;
}

/** A CA and a certificate for 127.0.0.1 that live as long as the run. */
function throwawayTls() {
  const caKeys = rsaKeys();
  const caName = [{ name: "commonName", value: "Bench stand-in CA" }];
  const ca = certificate(caKeys.publicKey, caName, caName);
  ca.setExtensions([
    { name: "basicConstraints", cA: true, critical: true },
    { name: "keyUsage", keyCertSign: true, cRLSign: true, critical: true },
  ]);
  ca.sign(caKeys.privateKey, forge.md.sha256.create());
  const serverKeys = rsaKeys();
  const server = certificate(serverKeys.publicKey, [{ name: "commonName", value: "127.0.0.1" }], caName);
  server.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, keyEncipherment: true, critical: true },
    { name: "extKeyUsage", serverAuth: true },
    { name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] },
  ]);
  server.sign(caKeys.privateKey, forge.md.sha256.create());
  return {
    caPem: forge.pki.certificateToPem(ca),
    certPem: forge.pki.certificateToPem(server),
    keyPem: forge.pki.privateKeyToPem(serverKeys.privateKey),
  };
}

function json(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) }).end(text);
}

/**
 * Serves one file per entry of `files` ({ executionId: size in bytes }) at
 * the print server's download path. Resolves with its URL and CA.
 */
export async function startLargeFileUpstream(files) {
  const tls = throwawayTls();
  const key = randomBytes(32);
  const server = createServer({ cert: tls.certPem, key: tls.keyPem }, (req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (req.method === "POST" && path === "/api/auth/token") {
      req.resume();
      req.on("end", () => {
        void new SignJWT({ username: "bench", name: "Bench Download", scope: "users reports" })
          .setProtectedHeader({ alg: "HS256" })
          .setSubject("501")
          .setIssuedAt()
          .setExpirationTime("2h")
          .sign(key)
          .then((accessToken) =>
            json(res, 200, {
              access_token: accessToken,
              token_type: "Bearer",
              expires_in: 7200,
              scope: "users reports offline.access",
              refresh_token: "unused",
            }),
          );
      });
      return;
    }
    const download = /^\/api\/v3\/reports\/executions\/(\d+)\/download$/.exec(path);
    const size = download && req.method === "GET" ? files[download[1]] : undefined;
    if (size !== undefined) {
      res.writeHead(200, {
        "content-type": "text/csv; charset=utf-8",
        "content-length": String(size),
        "content-disposition": `attachment; filename="bench-${download[1]}.csv"`,
      });
      Readable.from(fileBlocks(size)).pipe(res);
      return;
    }
    json(res, 404, { error: "not_found", error_description: "Not here." });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    url: `https://127.0.0.1:${port}`,
    caPem: tls.caPem,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
