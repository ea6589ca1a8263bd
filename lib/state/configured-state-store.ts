import "server-only";
import { Redis } from "ioredis";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { MemoryStateStore } from "./memory-state-store";
import { RedisStateStore } from "./redis-state-store";
import type { StateStore } from "./state-store";

const shared = globalThis as typeof globalThis & { __portalStateStore?: StateStore };

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

/**
 * This process's state store: Redis when PORTAL_REDIS_URL is set, else memory.
 * Kept on globalThis because Next.js loads proxy.ts and the route modules as
 * separate bundles in the same process.
 */
export function stateStore(): StateStore {
  if (!shared.__portalStateStore) {
    const env = getEnv();
    shared.__portalStateStore = env.PORTAL_REDIS_URL
      ? redisStore(env.PORTAL_REDIS_URL, env.AUTH_SECRET, env.PRINT_SERVER_TIMEOUT_MS)
      : new MemoryStateStore();
  }
  return shared.__portalStateStore;
}
