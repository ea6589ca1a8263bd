import type { ChildProcess } from "node:child_process";

type Env = Record<string, string>;

export interface RedisServer {
  readonly url: string;
  readonly port: number;
  readonly child: ChildProcess | undefined;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface PortalInstance {
  readonly name: string;
  readonly port: number;
  /** 127.0.0.1:port */
  readonly address: string;
  readonly child: ChildProcess | undefined;
  start(): Promise<void>;
  stop(): Promise<void>;
  kill(): Promise<void>;
}

export interface Cluster {
  /** https://<serverName>:<nginxPort> */
  readonly url: string;
  readonly redis: RedisServer;
  readonly instances: PortalInstance[];
  readonly nginx: { child: ChildProcess; config: string; accessLog: string };
  stop(): Promise<void>;
}

export function redisServer(options: { dir: string; port: number; echo?: (line: string) => void }): RedisServer;
export function startNginx(options: {
  dir: string;
  port: number;
  serverName: string;
  instances: string[];
  certificate: string;
  certificateKey: string;
}): Promise<{ child: ChildProcess; config: string; accessLog: string }>;
export function portalInstance(options: {
  name: string;
  port: number;
  env: Env;
  onLine?: (line: string) => void;
}): PortalInstance;
export function clusterPortalEnv(options: { portalUrl: string; redisUrl: string; authSecret: string }): Env;
export function startCluster(options: {
  dir: string;
  nginxPort: number;
  redisPort: number;
  instancePorts: number[];
  serverName?: string;
  certificate: string;
  certificateKey: string;
  authSecret: string;
  portalEnv: Env;
  onPortalLine?: (index: number, line: string) => void;
  echo?: (line: string) => void;
}): Promise<Cluster>;
