import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { nginxMainConfig, nginxSite } from "./nginx-site.mjs";

// The nginx block of docs/administrators.md is this template with its example
// values, so what administrators copy is what the cluster tests run.
const readmeExample = {
  serverName: "portal.example.com",
  listen: "443",
  instances: ["10.0.0.11:3000", "10.0.0.12:3000", "10.0.0.13:3000"],
  certificate: "/etc/ssl/certs/portal.example.com.pem",
  certificateKey: "/etc/ssl/private/portal.example.com.key",
  redirectHttp: true,
};

const nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((path) => existsSync(path));

describe("the nginx configuration", () => {
  it("is the block docs/administrators.md shows (regenerate it from nginxSite with the values above)", () => {
    const readme = readFileSync(join(__dirname, "..", "..", "docs", "administrators.md"), "utf8");
    const block = readme.match(/<!-- nginx-site -->\n```nginx\n([\s\S]*?)```/)?.[1];
    expect(block, "docs/administrators.md: a ```nginx block right after <!-- nginx-site -->").toBeDefined();
    expect(block).toBe(nginxSite(readmeExample));
  });

  it("passes the browser's address, the scheme and a request id; moves on only when an instance is down", () => {
    const site = nginxSite(readmeExample);
    expect(site).toContain("proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;");
    expect(site).toContain("proxy_set_header X-Forwarded-Proto $scheme;");
    expect(site).toContain("proxy_set_header X-Request-Id $request_id;");
    expect(site).toContain("proxy_next_upstream error timeout;");
    // Round-robin, no stickiness (in the directives; the comments say so).
    const directives = site
      .split("\n")
      .filter((line) => !line.trim().startsWith("#"))
      .join("\n");
    expect(directives).not.toMatch(/ip_hash|hash |sticky|least_conn/);
    for (const instance of readmeExample.instances) expect(site).toContain(`server ${instance} `);
  });

  it("drops every host but the portal's, and logs no query of the sign-on callback", () => {
    const site = nginxSite(readmeExample);
    const defaults = site.split("\nserver {").filter((block) => block.includes("default_server"));
    expect(defaults).toHaveLength(2);
    for (const block of defaults) {
      expect(block).toContain("server_name _;");
      expect(block).toContain("return 444;");
    }
    expect(site).toMatch(/listen 443 ssl default_server;\n\s+server_name _;\n\s+ssl_reject_handshake on;/);
    // Every server logs in the portal's format, which never names the request line or its query.
    expect(site.match(/access_log \S+ print_portal;/g)).toHaveLength(4);
    const format = /log_format print_portal '([^']*)'/.exec(site)?.[1] ?? "";
    expect(format).toContain("$print_portal_logged_uri");
    expect(format).not.toMatch(/\$request[ "]|\$request_uri|\$args|\$query_string|\$http_referer/);
  });

  it.runIf(nginx)("is accepted by nginx -t", () => {
    const dir = mkdtempSync(join(tmpdir(), "nginx-site-"));
    try {
      mkdirSync(join(dir, "temp"));
      // nginx -t reads the certificate files; an unrelated pair of PEM files will do for the syntax.
      execFileSync(
        "openssl",
        [
          "req",
          "-x509",
          "-newkey",
          "rsa:2048",
          "-nodes",
          "-subj",
          "/CN=localhost",
          "-days",
          "1",
          "-keyout",
          join(dir, "key.pem"),
          "-out",
          join(dir, "cert.pem"),
        ],
        { stdio: "ignore" },
      );
      const site = nginxSite({
        ...readmeExample,
        listen: "127.0.0.1:8443",
        redirectHttp: false,
        certificate: join(dir, "cert.pem"),
        certificateKey: join(dir, "key.pem"),
      });
      writeFileSync(
        join(dir, "nginx.conf"),
        nginxMainConfig({ prefix: dir, site, runningAsRoot: process.getuid?.() === 0 }),
      );
      execFileSync(nginx!, ["-t", "-q", "-p", dir, "-c", join(dir, "nginx.conf"), "-e", join(dir, "error.log")], {
        stdio: "pipe",
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
