import "server-only";
import { Redis } from "ioredis";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { processSingleton } from "@/lib/process-singletons";
import { MemoryStateStore } from "./memory-state-store";
import { RedisStateStore } from "./redis-state-store";
import type { StateStore } from "./state-store";

function redisStore(url: string, secret: string, callTimeoutMs: number): StateStore {
  // While Redis restarts, commands wait in the offline queue and go out once
  // it is back (reconnecting every second at most); RedisStateStore bounds
  // how long a request waits for that.
  const redis = new Redis(url, {
    maxRetriesPerRequest: null,
    enableOfflineQueue: true,
    retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
  });
  redis.on("error", (error: Error & { code?: string }) =>
    log.error("redis error", { errorName: error.name, errorCode: error.code }),
  );
  return new RedisStateStore(redis, secret, undefined, callTimeoutMs);
}

/** This process's state store: Redis when PORTAL_REDIS_URL is set, else memory (one per process: lib/process-singletons.ts). */
export function stateStore(): StateStore {
  return processSingleton<StateStore>("state-store", () => {
    const env = getEnv();
    return env.PORTAL_REDIS_URL
      ? redisStore(env.PORTAL_REDIS_URL, env.AUTH_SECRET, env.PRINT_SERVER_TIMEOUT_MS)
      : new MemoryStateStore();
  });
}
