// The nginx configuration in front of several portal instances: TLS ends at
// nginx, requests go round-robin to the instances (no sticky sessions: they
// share sessions in Redis), and nginx tells them who the browser is. One
// source for `npm run demo:cluster`, the cluster browser tests and the block
// to copy in docs/administrators.md (a unit test checks that block against
// this function), so the three cannot drift apart.

/**
 * The `upstream` and `server` blocks of the portal's site, e.g. for
 * /etc/nginx/conf.d/print-portal.conf.
 *
 * @param {object} site
 * @param {string} site.serverName  the host name in PORTAL_URL
 * @param {string} site.listen      what nginx listens on for HTTPS, e.g. "443" or "127.0.0.1:8443"
 * @param {string[]} site.instances the portal instances, host:port each
 * @param {string} site.certificate PEM file: the server certificate (and any intermediates)
 * @param {string} site.certificateKey PEM file: its private key
 * @param {boolean} [site.redirectHttp] also answer plain HTTP on port 80 with a redirect to HTTPS
 * @param {string} [site.accessLog] the access log's file
 */
export function nginxSite({
  serverName,
  listen,
  instances,
  certificate,
  certificateKey,
  redirectHttp = false,
  accessLog = "/var/log/nginx/print-portal.access.log",
}) {
  const servers = instances.map((instance) => `    server ${instance} max_fails=1 fail_timeout=10s;`).join("\n");
  const redirect = redirectHttp
    ? `
# Plain HTTP: the portal's name is sent to HTTPS, any other is dropped.
server {
    listen 80 default_server;
    server_name _;
    access_log ${accessLog} print_portal;
    return 444;
}

server {
    listen 80;
    server_name ${serverName};
    access_log ${accessLog} print_portal;
    return 301 https://${serverName}$request_uri;
}
`
    : "";
  return `# Print Portal: several instances behind one HTTPS address.

# The log leaves out the query of the single sign-on callback: its code and
# state would let whoever reads the log finish someone's sign-in.
map $request_uri $print_portal_logged_uri {
    "~^(?<print_portal_path>/api/auth/callback/[^?]*)\\?" "$print_portal_path?(left out)";
    default $request_uri;
}
log_format print_portal '$remote_addr [$time_local] "$request_method $print_portal_logged_uri $server_protocol" $status upstream=$upstream_addr request_id=$request_id';

upstream print_portal {
    # Round-robin, nginx's default. No sticky sessions: the instances share
    # sessions, sign-in limits and refresh locks in Redis (PORTAL_REDIS_URL).
    # An instance that refuses a connection is left out for 10 seconds.
${servers}
}
${redirect}
# Any other host name (or none, or an address): the TLS handshake is refused,
# and a request for another host on a connection made to the portal's name
# is dropped without an answer. Only the portal's own name reaches it.
server {
    listen ${listen} ssl default_server;
    server_name _;
    ssl_reject_handshake on;
    access_log ${accessLog} print_portal;
    return 444;
}

server {
    listen ${listen} ssl;
    server_name ${serverName};
    access_log ${accessLog} print_portal;

    ssl_certificate ${certificate};
    ssl_certificate_key ${certificateKey};
    ssl_protocols TLSv1.2 TLSv1.3;

    location / {
        proxy_pass http://print_portal;
        proxy_http_version 1.1;
        proxy_set_header Connection "";

        # The address the browser used (with its port), which PORTAL_URL names.
        proxy_set_header Host $http_host;
        proxy_set_header X-Forwarded-Host $http_host;
        proxy_set_header X-Forwarded-Proto $scheme;
        # The browser's address, right-most: the portal believes it only from
        # the addresses in PORTAL_TRUSTED_PROXIES, and reads it from the header
        # PORTAL_TRUSTED_PROXY_HEADER names (x-forwarded-for).
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        # One id in nginx's log and the instance's log for the same request.
        proxy_set_header X-Request-Id $request_id;

        # An instance that is down (stopped, restarting, killed): nginx tries
        # the next one. Only on connection errors and time-outs, never on an
        # answer: a 502 or 503 from the portal is its own message about the
        # print server. nginx never resends a POST that reached an instance.
        proxy_next_upstream error timeout;
        proxy_next_upstream_tries 3;
        proxy_connect_timeout 2s;
        # Reports can take a while to run and to download.
        proxy_read_timeout 120s;
        proxy_send_timeout 120s;
        # Uploads (Files, and Easy Scan's deliveries) go through as they come;
        # the portal applies PORTAL_FILES_MAX_FILE_MB itself.
        client_max_body_size 0;
        proxy_request_buffering off;
    }
}
`;
}

/**
 * A whole nginx.conf that runs nginx in the foreground as the current user,
 * with its pid file, logs and temporary files under `prefix` (for
 * `nginx -p prefix -c nginx.conf`): what the demo and the tests start.
 */
export function nginxMainConfig({ prefix, site, runningAsRoot = false }) {
  const path = (name) => `${prefix.replace(/\/+$/, "")}/${name}`;
  return `# Generated by scripts/lib/nginx-site.mjs; rewritten at every start.
daemon off;
${runningAsRoot ? "user root root;\n" : ""}worker_processes 1;
pid ${path("nginx.pid")};
error_log ${path("error.log")} warn;

events {
    worker_connections 1024;
}

http {
    default_type application/octet-stream;
    client_body_temp_path ${path("temp/client-body")};
    proxy_temp_path ${path("temp/proxy")};
    fastcgi_temp_path ${path("temp/fastcgi")};
    uwsgi_temp_path ${path("temp/uwsgi")};
    scgi_temp_path ${path("temp/scgi")};

${site
  .trimEnd()
  .split("\n")
  .map((line) => (line ? `    ${line}` : line))
  .join("\n")}
}
`;
}
