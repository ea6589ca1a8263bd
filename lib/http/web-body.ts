import "server-only";
import { Readable } from "node:stream";

/**
 * A Node stream as a Response's body, handed on in the bursts it arrives in.
 * Cancelling the body destroys the stream, which ends whatever feeds it.
 */
export function webBody(stream: Readable): ReadableStream<Uint8Array> {
  // Node's web stream type and the DOM library's differ in iterator details only.
  return Readable.toWeb(stream) as unknown as ReadableStream<Uint8Array>;
}
