import { answerJson, userRoute } from "@/lib/http/route";
import { printerChoices } from "@/lib/print-server/printer-list";
import { printersResponse } from "./schema";

export const dynamic = "force-dynamic";

/** Printers for a signed-in person, read with the portal's own token (cached a few seconds). */
export const GET = userRoute({}, async () => answerJson(printersResponse, { printers: await printerChoices() }));
