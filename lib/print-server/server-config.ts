import "server-only";
import { processSingleton } from "@/lib/process-singletons";
import { z } from "zod";
import { absentEndpointStatus, selfServiceFallback } from "@/lib/browser-safe/contract-assumptions";
import { PortalError } from "@/lib/browser-safe/errors";
import { bearer, printServerApi, type PrintServerApi } from "./api-client";
import { mapApiError } from "./error-mapping";
import { send } from "./send";

// The server's configuration changes rarely (an administrator's setting), so
// one answer serves every user of this process for a few minutes. Any token
// may read it; failures are not kept, so the next request tries again.

export const serverConfigTtlMs = 5 * 60_000;

// The body is ours (the seed names only its topics), so every field is read on
// its own: a field that is missing or of another shape is unknown (null), and
// an endpoint the server does not have (404) is a configuration with nothing
// known (lib/browser-safe/contract-assumptions.ts says what the portal does then).
const configAnswer = z.looseObject({
  language: z.string().min(1).optional().catch(undefined),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/)
    .optional()
    .catch(undefined),
  // [ours] What users may change themselves; without it, the fallback.
  selfService: z
    .object({
      pinChange: z.object({ allowed: z.boolean(), length: z.number().int().min(4).max(16) }),
      profileEditing: z.boolean(),
      // Null: the server does not say its rules before the person types (its refusal names the one broken).
      passwordRules: z
        .object({
          minLength: z.number().int().min(0),
          maxLength: z.number().int().min(1),
          requireLetter: z.boolean(),
          requireDigit: z.boolean(),
        })
        .nullable(),
    })
    .optional()
    .catch(undefined),
});

export type SelfServiceSettings = NonNullable<z.infer<typeof configAnswer>["selfService"]>;

export interface ServerConfig {
  /** The server's language tag; null when it does not say. */
  language: string | null;
  /** ISO 4217, upper case; null when it does not say. */
  currency: string | null;
  /** What users may change themselves; MyQ documents no answer for it, so it may be the fallback. */
  selfService: SelfServiceSettings;
}

const nothingKnown: ServerConfig = { language: null, currency: null, selfService: selfServiceFallback };

export function toServerConfig(body: unknown): ServerConfig {
  const parsed = configAnswer.safeParse(body);
  if (!parsed.success) return nothingKnown;
  return {
    language: parsed.data.language ?? null,
    currency: parsed.data.currency?.toUpperCase() ?? null,
    selfService: parsed.data.selfService ?? selfServiceFallback,
  };
}

export async function fetchServerConfig(
  accessToken: string,
  api: PrintServerApi = printServerApi(),
): Promise<ServerConfig> {
  try {
    const { data } = await send(() => api.GET("/v3/server/config", { headers: bearer(accessToken) }), mapApiError);
    return toServerConfig(data);
  } catch (error) {
    if (error instanceof PortalError && error.upstreamStatus === absentEndpointStatus) return nothingKnown;
    throw error;
  }
}

interface ConfigCache {
  value?: ServerConfig;
  expiresAt?: number;
}

/** This process's copy of the configuration, shared by every bundle (lib/process-singletons.ts). */
const processCache = () => processSingleton<ConfigCache>("print-server.config", () => ({}));

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
  const cached = processCache();
  if (cached.value && cached.expiresAt !== undefined && cached.expiresAt > now()) return cached.value;
  const value = await fetchServerConfig(accessToken, options.api);
  cached.value = value;
  cached.expiresAt = now() + (options.ttlMs ?? serverConfigTtlMs);
  return value;
}

/** Forgets the cached configuration (tests). */
export function clearServerConfigCache(): void {
  const cached = processCache();
  cached.value = undefined;
  cached.expiresAt = undefined;
}
