import { z } from "zod/mini";

export const healthResponse = z.object({
  status: z.enum(["ok", "degraded"]),
  printServer: z.enum(["reachable", "unreachable"]),
});

export type HealthResponse = z.infer<typeof healthResponse>;
