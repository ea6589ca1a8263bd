import "server-only";
import type { Dispatcher } from "undici";

// What openapi-fetch hands to its fetch and gets back, carried without the
// WHATWG Request and Response. openapi-fetch builds its request through the
// class it is given and reads only a few fields of the answer; undici's own
// Request and Response cost a header validation per field, an AbortSignal,
// a web stream per body and a second copy of each, on every print server call
// of every API request (issue 14). These carry the same values plainly.

/** A request as openapi-fetch builds it (`new Request(url, init)`), for api-client.ts to send. */
export class OutgoingCall {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: string | undefined;

  constructor(url: string, init: { method?: string; headers?: Headers; body?: unknown }) {
    this.url = url;
    this.method = init.method ?? "GET";
    this.headers = init.headers ?? new Headers();
    // openapi-fetch serialises JSON bodies to a string; the print server takes nothing else from the portal.
    if (init.body !== undefined && init.body !== null && typeof init.body !== "string") {
      throw new TypeError("a print server call's body must be serialised JSON");
    }
    this.body = init.body ?? undefined;
  }
}

type RawHeaders = Dispatcher.ResponseData["headers"];
type Body = Dispatcher.ResponseData["body"];

/** The answer's headers, looked up by name as a Headers object would (names are lower case in undici's answer). */
class AnswerHeaders {
  constructor(private readonly raw: RawHeaders) {}

  get(name: string): string | null {
    const value = this.raw[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(", ") : value;
  }

  has(name: string): boolean {
    return this.raw[name.toLowerCase()] !== undefined;
  }
}

/**
 * A print server answer as openapi-fetch and the portal read it: status, ok,
 * headers by name, and the body once, as text, JSON or (for a caller that
 * only wants to know the status, parseAs "stream") a stream it cancels. The
 * body is undici's Node stream, read only when asked for: an answer that is
 * a large file is never pulled to learn its status.
 */
export class CallAnswer {
  readonly status: number;
  readonly ok: boolean;
  readonly headers: Headers;
  #source: Body;
  #web: ReadableStream<Uint8Array> | undefined;
  readonly #used = { value: false };

  constructor(status: number, headers: RawHeaders, body: Body) {
    this.status = status;
    this.ok = status >= 200 && status < 300;
    // Only get() and has() are asked of an answer's headers (openapi-fetch, error-mapping.ts).
    this.headers = new AnswerHeaders(headers) as unknown as Headers;
    this.#source = body;
  }

  /** Whether reading the body has begun (as a Response says). */
  get bodyUsed(): boolean {
    return this.#used.value;
  }

  /**
   * The body as a web stream. Cancelling it destroys undici's body, which
   * ends the request at once (undici's own `body` would not: its async
   * iterator, never started, ignores the cancel, and the file keeps coming
   * until the body time limit).
   */
  get body(): ReadableStream<Uint8Array> {
    this.#web ??= webStreamOf(this.#source, this.#used);
    return this.#web;
  }

  text(): Promise<string> {
    this.#used.value = true;
    return this.#source.text();
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }
}

function webStreamOf(source: Body, used: { value: boolean }): ReadableStream<Uint8Array> {
  let chunks: AsyncIterator<Buffer> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        used.value = true;
        chunks ??= source[Symbol.asyncIterator]();
        const { done, value } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      },
      cancel() {
        // undici's body errors when destroyed before its end; nobody else listens any more.
        source.on("error", () => undefined).destroy();
      },
      // Nothing is pulled before someone reads.
    },
    { highWaterMark: 0 },
  );
}
