import "server-only";
import { EnvError, envWarnings, getEnv } from "./env";

// Imported once by instrumentation.ts in the Node.js runtime only.
try {
  for (const warning of envWarnings(getEnv())) console.warn(`Portal configuration: ${warning}`);
} catch (error) {
  if (!(error instanceof EnvError)) throw error;
  console.error(error.message);
  process.exit(1);
}
