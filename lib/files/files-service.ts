import "server-only";
import { isAbsolute, resolve } from "node:path";
import { getEnv } from "@/lib/env";
import { log, errorFields } from "@/lib/log";
import { stateStore } from "@/lib/state/configured-state-store";
import { DirectoryStore } from "./directory-store";
import type { FileStore } from "./file-store";
import { processSingleton } from "@/lib/process-singletons";

// The process's one file store, configured from the environment, and the
// retention's removal: started by the requests that read files, at most once
// in a sweep interval across all instances (a counter of the state store),
// and run under the state store's lock, so one instance at a time removes.

const sweepIntervalSeconds = 300;

/** Where the files live: PORTAL_FILES_DIR, relative to the working directory unless absolute. */
export function filesRoot(): string {
  const dir = getEnv().PORTAL_FILES_DIR;
  return isAbsolute(dir) ? dir : resolve(process.cwd(), dir);
}

export function fileStore(): FileStore {
  return processSingleton("file-store", (): FileStore => {
    const env = getEnv();
    const store = stateStore();
    return new DirectoryStore({
      root: filesRoot(),
      limits: {
        maxFileBytes: env.PORTAL_FILES_MAX_FILE_MB * 1024 * 1024,
        quotaFiles: env.PORTAL_FILES_QUOTA_FILES,
        quotaBytes: env.PORTAL_FILES_QUOTA_MB * 1024 * 1024,
        retentionMs: env.PORTAL_FILES_RETENTION_HOURS * 3600 * 1000,
      },
      withLock: (name, task) => store.withLock(name, task),
    });
  });
}

/** Starts the retention's removal when it is due; never waits for it or fails the request. */
export function sweepWhenDue(files: FileStore = fileStore()): void {
  const store = stateStore();
  void (async () => {
    const { count } = await store.hit("files:retention-sweep", sweepIntervalSeconds);
    if (count !== 1) return;
    const removed = await store.withLock("files:retention", () => files.removeExpired());
    if (removed > 0) log.info("files removed after the retention", { removed });
  })().catch((error: unknown) => log.warn("files retention failed", errorFields(error)));
}
