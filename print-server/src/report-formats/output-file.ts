import { once, type EventEmitter } from "node:events";
import { createWriteStream, type WriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import type { Writable } from "node:stream";

/**
 * The report file being written, and the one place that learns about any
 * failure of the streams feeding it (or an abort), so that the writer stops at
 * its next step and the partial file is removed.
 */
export class OutputFile {
  readonly stream: WriteStream;
  private readonly failure = new AbortController();
  private failureReason: unknown;
  private stopListening = () => {};

  constructor(
    readonly path: string,
    signal?: AbortSignal,
  ) {
    this.stream = createWriteStream(path);
    this.watch(this.stream);
    if (signal?.aborted) this.fail(signal.reason);
    else if (signal) {
      // A caller may pass one long-lived signal (server shutdown) to every
      // report, so the listener goes once this file is done.
      const onAbort = () => this.fail(signal.reason);
      signal.addEventListener("abort", onAbort, { once: true });
      this.stopListening = () => signal.removeEventListener("abort", onAbort);
    }
  }

  /** Any error of this stream fails the whole write. */
  watch(emitter: EventEmitter): void {
    emitter.on("error", (error: unknown) => this.fail(error));
  }

  fail(reason: unknown): void {
    if (this.failure.signal.aborted) return;
    this.failureReason = reason instanceof Error ? reason : new Error("report writing was aborted", { cause: reason });
    this.failure.abort(this.failureReason);
  }

  /** Throws the first failure, if any; cheap enough to call once per row. */
  check(): void {
    if (this.failure.signal.aborted) throw this.failureReason;
  }

  /** Waits until `stream` wants more data, or throws the first failure. */
  drain(stream: Writable): Promise<void> {
    return this.until(stream, "drain");
  }

  /** Waits for `event` of `emitter`, or throws the first failure. */
  async until(emitter: EventEmitter, event: string): Promise<void> {
    this.check();
    try {
      await once(emitter, event, { signal: this.failure.signal });
    } catch (error) {
      this.check();
      throw error;
    }
  }

  /** Resolves once everything was written and the file is closed. */
  async closed(): Promise<void> {
    try {
      this.check();
      if (!this.stream.closed) {
        try {
          await once(this.stream, "close", { signal: this.failure.signal });
        } catch (error) {
          this.check();
          throw error;
        }
      }
      this.check();
    } finally {
      this.stopListening();
    }
  }

  /** Closes the file descriptor first, so that no late write can bring the file back, then removes it. */
  async discard(): Promise<void> {
    this.stopListening();
    if (!this.stream.closed) {
      const closed = new Promise<void>((resolve) => this.stream.once("close", () => resolve()));
      this.stream.destroy();
      await closed;
    }
    await rm(this.path, { force: true });
  }
}
