// Worker threads do not inherit tsx's loader, so the worker registers it
// first and then loads the TypeScript worker.
import { register } from "tsx/esm/api";

register();
await import("./report-worker.ts");
