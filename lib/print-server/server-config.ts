import "server-only";
import { z } from "zod";
import { bearer, printServerApi, type PrintServerApi } from "./api-client";
import { mapApiError } from "./error-mapping";
import { parseAnswer } from "./parse-answer";
import { send } from "./send";

// The server's configuration changes rarely (an administrator's setting), so
// one answer serves every user of this process for a few minutes. Any token
// may read it; failures are not kept, so the next request tries again.

export const serverConfigTtlMs = 5 * 60_000;

const configAnswer = z.object({
  language: z.string(),
  currency: z.string().regex(/^[A-Za-z]{3}$/),
  credit: z.object({ enabled: z.boolean() }),
  quota: z.object({ enabled: z.boolean() }),
});

export interface ServerConfig {
  language: string;
  /** ISO 4217, upper case. */
  currency: string;
  creditEnabled: boolean;
  quotaEnabled: boolean;
}

export function toServerConfig(body: unknown): ServerConfig {
  const config = parseAnswer(configAnswer, body, "server config");
  return {
    language: config.language,
    currency: config.currency.toUpperCase(),
    creditEnabled: config.credit.enabled,
    quotaEnabled: config.quota.enabled,
  };
}

export async function fetchServerConfig(
  accessToken: string,
  api: PrintServerApi = printServerApi(),
): Promise<ServerConfig> {
  const { data } = await send(() => api.GET("/v3/server/config", { headers: bearer(accessToken) }), mapApiError);
  return toServerConfig(data);
}

interface ConfigCache {
  value?: ServerConfig;
  expiresAt?: number;
}

const holder = globalThis as typeof globalThis & { __serverConfigCache?: ConfigCache };

export interface ServerConfigOptions {
  api?: PrintServerApi;
  now?: () => number;
  ttlMs?: number;
}

/**
 * The server's configuration, from this process's cache while it is fresh.
 * Callers that miss at the same moment each ask with their own token: sharing
 * one request would hand one person's "token revoked" to everyone waiting.
 */
export async function serverConfig(accessToken: string, options: ServerConfigOptions = {}): Promise<ServerConfig> {
  const now = options.now ?? Date.now;
  const cached = holder.__serverConfigCache;
  if (cached?.value && cached.expiresAt !== undefined && cached.expiresAt > now()) return cached.value;
  const value = await fetchServerConfig(accessToken, options.api);
  holder.__serverConfigCache = { value, expiresAt: now() + (options.ttlMs ?? serverConfigTtlMs) };
  return value;
}

/** Forgets the cached configuration (tests). */
export function clearServerConfigCache(): void {
  holder.__serverConfigCache = undefined;
}
