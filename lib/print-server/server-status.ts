import "server-only";
import { printServerApi, type PrintServerApi } from "./api-client";
import { mapApiError } from "./error-mapping";
import { send } from "./send";

/** True when `GET /api/server/status` answers 1; never throws. */
export async function isPrintServerUp(api: PrintServerApi = printServerApi()): Promise<boolean> {
  try {
    const { data } = await send(() => api.GET("/server/status"), mapApiError);
    return Number(data) === 1;
  } catch {
    return false;
  }
}
