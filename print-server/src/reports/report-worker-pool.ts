import { Worker } from "node:worker_threads";
import type { ReportWorkerJob, ReportWorkerResult } from "./report-worker.js";

const ENTRY = new URL("./report-worker-entry.mjs", import.meta.url);

/**
 * Reusable report worker threads. Starting one costs about a second (it loads
 * tsx and the writers), so idle workers are kept for the next job.
 */
export function createReportWorkerPool() {
  const idle: Worker[] = [];

  function spawn(): Worker {
    const worker = new Worker(ENTRY);
    // Idle workers must not keep a stopping server alive.
    worker.unref();
    return worker;
  }

  return {
    /** Writes one report file; aborting terminates the worker that was writing it. */
    run(job: ReportWorkerJob, signal: AbortSignal): Promise<void> {
      const worker = idle.pop() ?? spawn();
      worker.ref();
      return new Promise<void>((resolve, reject) => {
        const cleanup = () => {
          signal.removeEventListener("abort", onAbort);
          worker.off("message", onMessage);
          worker.off("error", onError);
          worker.off("exit", onExit);
        };
        const onMessage = (result: ReportWorkerResult) => {
          cleanup();
          worker.unref();
          idle.push(worker);
          if (result.ok) resolve();
          else reject(new Error(result.message));
        };
        const onError = (err: Error) => {
          cleanup();
          void worker.terminate();
          reject(err);
        };
        const onExit = (code: number) => {
          cleanup();
          reject(new Error(`the report worker exited with ${code}`));
        };
        const onAbort = () => {
          cleanup();
          void worker.terminate();
          reject(new Error("stopped before it finished"));
        };
        signal.addEventListener("abort", onAbort, { once: true });
        worker.on("message", onMessage);
        worker.once("error", onError);
        worker.once("exit", onExit);
        worker.postMessage(job);
      });
    },

    async close(): Promise<void> {
      await Promise.all(idle.splice(0).map((w) => w.terminate()));
    },
  };
}
