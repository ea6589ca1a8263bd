import { createServer, type Server } from "node:http";

// An "intranet page" on another site: http://127.0.0.1:<port> is cross-site
// to a portal on http://localhost:<port>, as an intranet on its own host would
// be. It frames the portal and records the height messages it receives, the
// way an intranet editor's snippet in docs/administrators.md does.
//
//   /         the portal framed with ?embed=1 (window.portalHeights collects heights)
//   /post     a plain form that posts to the portal from this other site
//   /post-sign-in   the same, as the sign-in form posts (a PIN to /api/auth/sign-in)

export interface FrameHost {
  readonly url: string;
  close(): Promise<void>;
}

export const framedTitle = "Print Portal";

function framingPage(portalUrl: string): string {
  const portalOrigin = new URL(portalUrl).origin;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Intranet</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="margin:0;font-family:sans-serif">
<h1 style="font-size:1.2rem;margin:8px">Intranet home</h1>
<iframe title="${framedTitle}" src="${portalUrl}/?embed=1" style="width:100%;height:400px;border:0"></iframe>
<script>
  window.portalHeights = [];
  window.addEventListener("message", (event) => {
    if (event.origin !== ${JSON.stringify(portalOrigin)} || event.data?.type !== "print-portal:height") return;
    window.portalHeights.push(event.data.height);
    document.querySelector("iframe").style.height = event.data.height + "px";
  });
</script>
</body></html>`;
}

function postingPage(action: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input name="${name}" value="${value}">`)
    .join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Another site</title></head>
<body><form method="post" action="${action}">${inputs}<button>Send</button></form></body></html>`;
}

function pageAt(path: string | undefined, portalUrl: string): string | undefined {
  if (path === "/") return framingPage(portalUrl);
  if (path === "/post") return postingPage(`${portalUrl}/sign-in`, { locale: "de" });
  if (path === "/post-sign-in") return postingPage(`${portalUrl}/api/auth/sign-in`, { method: "pin", pin: "112358" });
  return undefined;
}

export function startFrameHost(port: number, portalUrl: string): Promise<FrameHost> {
  const server: Server = createServer((request, response) => {
    const page = pageAt(request.url, portalUrl);
    response.writeHead(page ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
    response.end(page ?? "not found");
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    );
  });
}
