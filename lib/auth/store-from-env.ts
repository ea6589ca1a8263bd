import "server-only";
import { Redis } from "ioredis";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { RedisSessionStore } from "./redis-session-store";
import type { SessionStore } from "./session-store";

/** A shared Redis store when PORTAL_REDIS_URL is configured; undefined otherwise. */
export function storeFromEnv(): SessionStore | undefined {
  const env = getEnv();
  if (!env.PORTAL_REDIS_URL) return undefined;
  const redis = new Redis(env.PORTAL_REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  redis.on("error", (error: Error & { code?: string }) =>
    log.error("redis error", { errorName: error.name, errorCode: error.code }),
  );
  return new RedisSessionStore(redis, env.AUTH_SECRET);
}
