import type { FastifyInstance } from "fastify";

export interface PanelPage {
  status: number;
  html: string;
  headers: Record<string, unknown>;
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&quot;": '"', "&#39;": "'", "&lt;": "<", "&gt;": ">" };
/** Text as the browser shows it: the panel escapes every value it writes. */
export const unescapeHtml = (s: string) => s.replace(/&(amp|quot|#39|lt|gt);/g, (e) => ENTITIES[e] ?? e);

/** The value of a hidden field the panel put into its page (session, form token). */
export function hiddenValue(html: string, name: string): string {
  const match = new RegExp(`<input type="hidden" name="${name}" value="([^"]*)">`).exec(html);
  if (!match?.[1]) throw new Error(`no hidden ${name} on the page:\n${html}`);
  return unescapeHtml(match[1]);
}

/** The text of the page's alert as a person reads it: tags removed, entities decoded. */
export function alertText(html: string): string | undefined {
  const match = /<div role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(html);
  return (
    match?.[1] &&
    unescapeHtml(
      match[1]
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ")
        .trim(),
    )
  );
}

/** A browser tab on the printer panel, through inject(): plain form posts, as a page without script sends them. */
export function panelDriver(app: FastifyInstance) {
  async function send(method: "GET" | "POST", url: string, fields?: Record<string, string | string[]>, headers = {}) {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields ?? {}))
      for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
    const res = await app.inject({
      method,
      url,
      headers: fields ? { "content-type": "application/x-www-form-urlencoded", ...headers } : headers,
      payload: fields ? body.toString() : undefined,
    });
    return { status: res.statusCode, html: res.body, headers: res.headers } as PanelPage;
  }
  return {
    get: (url: string) => send("GET", url),
    post: (url: string, fields: Record<string, string | string[]>, headers?: Record<string, string>) =>
      send("POST", url, fields, headers),
    /** Signs in at the printer; answers the menu page. */
    async signIn(printer: number, pin: string): Promise<PanelPage> {
      const start = await send("GET", `/?printer=${printer}`);
      return send("POST", "/sign-in", { form: hiddenValue(start.html, "form"), printer: String(printer), pin });
    },
  };
}
