import { generateKeyPairSync, randomBytes } from "node:crypto";
import forge from "node-forge";

// A CA and a server certificate for 127.0.0.1 / localhost that live only as
// long as one test: the portal trusts the CA through PRINT_SERVER_CA_FILE,
// exactly as it trusts a real print server's. Test-only.

function rsaKeys(): forge.pki.rsa.KeyPair {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const priv = forge.pki.privateKeyFromPem(privateKey.export({ type: "pkcs1", format: "pem" }).toString());
  return { privateKey: priv, publicKey: forge.pki.setRsaPublicKey(priv.n, priv.e) };
}

function certificate(
  publicKey: forge.pki.PublicKey,
  subject: forge.pki.CertificateField[],
  issuer: forge.pki.CertificateField[],
) {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  const serial = randomBytes(16);
  serial[0] = (serial[0] ?? 0) & 0x7f;
  cert.serialNumber = serial.toString("hex");
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 24 * 3600_000);
  cert.setSubject(subject);
  cert.setIssuer(issuer);
  return cert;
}

export function throwawayTls(): { caPem: string; certPem: string; keyPem: string } {
  const caKeys = rsaKeys();
  const caName = [{ name: "commonName", value: "Throwaway test CA" }];
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
    {
      name: "subjectAltName",
      altNames: [
        { type: 7, ip: "127.0.0.1" },
        { type: 2, value: "localhost" },
      ],
    },
  ]);
  server.sign(caKeys.privateKey, forge.md.sha256.create());

  return {
    caPem: forge.pki.certificateToPem(ca),
    certPem: forge.pki.certificateToPem(server),
    keyPem: forge.pki.privateKeyToPem(serverKeys.privateKey),
  };
}
