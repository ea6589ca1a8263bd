import type { z } from "zod/mini";

/**
 * The type of a portal route's answer, named by the route's schema (its
 * schema.ts). Only the type: the browser loads no schema library (fetch-json.ts).
 */
export type Answer<Schema extends z.core.$ZodType> = z.infer<Schema>;
