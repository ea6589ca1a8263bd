import { X509Certificate, createPrivateKey, generateKeyPairSync, randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { rmSync } from "node:fs";
import forge from "node-forge";
import type { DataPaths } from "../data-paths.js";
import { CliError } from "../errors.js";
import { readIfExists, writeSecretFile } from "../secret-files.js";

export interface TlsMaterial {
  caPem: string;
  certPem: string;
  keyPem: string;
}

const DAY = 86_400_000;

function newRsaKey(): forge.pki.rsa.KeyPair {
  // node:crypto generates the key natively; forge only signs with it.
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const priv = forge.pki.privateKeyFromPem(privateKey.export({ type: "pkcs1", format: "pem" }).toString());
  return { privateKey: priv, publicKey: forge.pki.setRsaPublicKey(priv.n, priv.e) };
}

// forge writes CRLF line ends; files and the served PEM use LF like OpenSSL.
const lf = (pem: string) => pem.replace(/\r\n/g, "\n");

function serialNumber(): string {
  // Positive 16-byte serial (high bit cleared so DER does not read it as negative).
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0] ?? 0) & 0x7f;
  return bytes.toString("hex");
}

function createCa(): { certPem: string; keyPem: string } {
  const keys = newRsaKey();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serialNumber();
  cert.validity.notBefore = new Date(Date.now() - DAY);
  cert.validity.notAfter = new Date(Date.now() + 10 * 365 * DAY);
  const subject = [
    { name: "commonName", value: "Print Server Local CA" },
    { name: "organizationName", value: "Print Portal" },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: "basicConstraints", cA: true, critical: true },
    { name: "keyUsage", keyCertSign: true, cRLSign: true, critical: true },
    { name: "subjectKeyIdentifier" },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  return { certPem: lf(forge.pki.certificateToPem(cert)), keyPem: lf(forge.pki.privateKeyToPem(keys.privateKey)) };
}

function serverNames(extra: string[]): string[] {
  return [...new Set(["localhost", "127.0.0.1", "::1", ...extra])];
}

function createServerCert(caCertPem: string, caKeyPem: string, names: string[]): { certPem: string; keyPem: string } {
  const caCert = forge.pki.certificateFromPem(caCertPem);
  const caKey = forge.pki.privateKeyFromPem(caKeyPem);
  const keys = newRsaKey();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serialNumber();
  cert.validity.notBefore = new Date(Date.now() - DAY);
  // Browsers refuse server certificates valid for more than 398 days.
  cert.validity.notAfter = new Date(Date.now() + 397 * DAY);
  cert.setSubject([{ name: "commonName", value: names[0] ?? "localhost" }]);
  cert.setIssuer(caCert.subject.attributes);
  cert.setExtensions([
    { name: "basicConstraints", cA: false, critical: true },
    { name: "keyUsage", digitalSignature: true, keyEncipherment: true, critical: true },
    { name: "extKeyUsage", serverAuth: true },
    {
      name: "subjectAltName",
      altNames: names.map((n) => (isIP(n) ? { type: 7, ip: n } : { type: 2, value: n })),
    },
    { name: "subjectKeyIdentifier" },
    { name: "authorityKeyIdentifier", keyIdentifier: caCert.generateSubjectKeyIdentifier().getBytes() },
  ]);
  cert.sign(caKey, forge.md.sha256.create());
  return { certPem: lf(forge.pki.certificateToPem(cert)), keyPem: lf(forge.pki.privateKeyToPem(keys.privateKey)) };
}

/** True when the existing server certificate is from this CA, names every host and is not near expiry. */
function serverCertStillGood(caPem: string, certPem: string, names: string[]): boolean {
  try {
    const ca = new X509Certificate(caPem);
    const cert = new X509Certificate(certPem);
    if (!cert.checkIssued(ca) || !cert.verify(ca.publicKey)) return false;
    if (new Date(cert.validTo).getTime() < Date.now() + 30 * DAY) return false;
    return names.every((n) => (isIP(n) ? cert.checkIP(n) !== undefined : cert.checkHost(n) !== undefined));
  } catch {
    return false;
  }
}

/** The CA, created on first use. */
export function ensureCa(paths: DataPaths): { certPem: string; keyPem: string } {
  const certPem = readIfExists(paths.caCert);
  const keyPem = readIfExists(paths.caKey);
  if (certPem && keyPem) return { certPem, keyPem };
  const ca = createCa();
  writeSecretFile(paths.caKey, ca.keyPem);
  writeSecretFile(paths.caCert, ca.certPem, 0o644);
  return ca;
}

/** CA and a server certificate for every name, reused while still good. */
export function ensureTls(paths: DataPaths, hostnames: string[]): TlsMaterial {
  const ca = ensureCa(paths);
  const names = serverNames(hostnames);
  let certPem = readIfExists(paths.serverCert);
  let keyPem = readIfExists(paths.serverKey);
  if (!certPem || !keyPem || !serverCertStillGood(ca.certPem, certPem, names)) {
    ({ certPem, keyPem } = createServerCert(ca.certPem, ca.keyPem, names));
    writeSecretFile(paths.serverKey, keyPem);
    writeSecretFile(paths.serverCert, certPem, 0o644);
  }
  return { caPem: ca.certPem, certPem, keyPem };
}

/**
 * Replaces the CA with the organisation's own (RSA, since the server signs
 * with node-forge). The server certificate is issued again on the next start.
 */
export function importCa(paths: DataPaths, certPem: string, keyPem: string): void {
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(certPem);
  } catch {
    throw new CliError("The --cert file is not a PEM certificate.");
  }
  let key;
  try {
    key = createPrivateKey(keyPem);
  } catch {
    throw new CliError("The --key file is not a PEM private key (an encrypted key must be decrypted first).");
  }
  if (!cert.ca) throw new CliError("The certificate is not a certificate authority (basicConstraints CA:TRUE).");
  if (!cert.checkPrivateKey(key)) throw new CliError("The key does not belong to the certificate.");
  if (key.asymmetricKeyType !== "rsa") throw new CliError("Only RSA certificate authorities can be imported.");
  if (new Date(cert.validTo).getTime() < Date.now()) throw new CliError("The certificate has expired.");
  const rsaPem = key.export({ type: "pkcs1", format: "pem" }).toString();
  writeSecretFile(paths.caKey, rsaPem);
  writeSecretFile(paths.caCert, cert.toString(), 0o644);
  rmSync(paths.serverCert, { force: true });
  rmSync(paths.serverKey, { force: true });
}
