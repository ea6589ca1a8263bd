import type { IncomingMessage, ServerResponse } from "node:http";

export function acceptedCodings(header: string | undefined): Array<"br" | "gzip">;
export function precompressedStatic(options: {
  staticDir: string;
  headers?: ReadonlyArray<{ key: string; value: string }>;
}): (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;
