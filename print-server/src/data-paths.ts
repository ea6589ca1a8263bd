import path from "node:path";

/** Where each file of the data folder lives. */
export function dataPaths(dataDir: string) {
  return {
    dataDir,
    database: path.join(dataDir, "print-server.db"),
    caCert: path.join(dataDir, "tls", "ca.crt"),
    caKey: path.join(dataDir, "tls", "ca.key"),
    serverCert: path.join(dataDir, "tls", "server.crt"),
    serverKey: path.join(dataDir, "tls", "server.key"),
    // Kept apart from the database so a copy of the database alone cannot be brute-forced.
    lookupKey: path.join(dataDir, "keys", "lookup-hmac.key"),
    signingKey: path.join(dataDir, "keys", "token-signing.pem"),
    reportsDir: path.join(dataDir, "reports"),
  };
}

export type DataPaths = ReturnType<typeof dataPaths>;
