import type { ChildProcess } from "node:child_process";

type Env = Record<string, string>;

export { freePort } from "./free-port.mjs";

export const root: string;
export const portalScopes: string;
export const signOnCallbackPath: string;
export function waitForJsonLine(
  child: ChildProcess,
  matches: (line: Record<string, unknown>) => boolean,
  options?: { timeoutMs?: number; label?: string; echo?: (line: string) => void; echoAfterReady?: boolean },
): Promise<Record<string, unknown>>;
export function printServerCli(args: string[], env?: Env): Promise<string>;
export function startPrintServer(
  env: Env,
  options?: { echo?: (line: string) => void; serveArgs?: string[] },
): Promise<{ child: ChildProcess; url: string; signInPageUrl?: string; panelUrl?: string }>;
export function registerPortalClient(
  env: Env,
  title?: string,
  options?: { portalUrls?: string[] },
): Promise<{ clientId: string; clientSecret: string }>;
export function printServerKnowsClient(env: Env, clientId: string, options?: { portalUrl?: string }): Promise<boolean>;
export function exportCa(env: Env): Promise<string>;
export function portalNeedsBuild(): boolean;
export function buildPortal(): Promise<void>;
/** Where a started portal offers PIN alone unless told otherwise. */
export const stackPinAloneNetworks: string;
export function startPortal(
  env: Env,
  options?: { dev?: boolean; echo?: (line: string) => void },
): Promise<{ child: ChildProcess; url: string }>;
export function stopChild(child: ChildProcess, timeoutMs?: number): Promise<void>;
