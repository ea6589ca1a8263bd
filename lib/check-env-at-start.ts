import "server-only";
import { EnvError, getEnv } from "./env";

// Imported once by instrumentation.ts in the Node.js runtime only.
try {
  getEnv();
} catch (error) {
  if (!(error instanceof EnvError)) throw error;
  console.error(error.message);
  process.exit(1);
}
