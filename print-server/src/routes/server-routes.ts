import { readServerConfig } from "../db/settings.js";
import { apiRoute, publicRoute, type RoutePlugin } from "./api-route.js";

export const serverRoutes: RoutePlugin = async (app, { services: s }) => {
  // The bare number 1, as MyQ answers.
  publicRoute(app, "getServerStatus", async () => 1 as const);

  publicRoute(app, "getCaCertificate", async (_request, reply) =>
    reply
      .type("application/x-pem-file")
      .header("Content-Disposition", 'inline; filename="print-server-ca.crt"')
      .code(200)
      .send(s.caPem),
  );

  apiRoute(app, s, "getServerConfig", async () => readServerConfig(s.db));
};
