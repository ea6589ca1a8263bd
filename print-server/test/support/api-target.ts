/**
 * What a test talks to: the app in this process through `app.inject()`
 * (test-app.ts, fast, for most tests) or the real server over HTTPS in a child
 * process (print-server-process.ts, for TLS, the CLI, stopping, and one
 * HTTPS test per endpoint family). Helpers such as `call` and the token
 * helpers take either.
 */
export interface ApiTarget {
  dataDir: string;
  /** A raw request to a path of the server; redirects are not followed. */
  fetch(path: string, init?: TargetRequest): Promise<TargetResponse>;
  /** Registers a REST API application, as `clients add` does. */
  registerClient(scopes: string, options?: ClientOptions): Promise<RegisteredClient>;
  /** Runs the print-server command line on this target's data folder. */
  cli(args: string[]): Promise<CliResult>;
}

export interface TargetRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** The part of a fetch Response the tests read; both targets answer with one. */
export interface TargetResponse {
  status: number;
  headers: { get(name: string): string | null };
  arrayBuffer(): Promise<ArrayBuffer>;
  json(): Promise<unknown>;
}

export interface ClientOptions {
  title?: string;
  redirectUris?: string[];
  forwardsUserAddress?: boolean;
  /** MyQ's "Manage payments" right (`clients add --manage-payments`). */
  managePayments?: boolean;
}

export interface RegisteredClient {
  clientId: string;
  clientSecret: string;
  title: string;
  scopes: string;
}

export interface CliResult {
  stdout: string;
  stderr: string;
  code: number;
}
