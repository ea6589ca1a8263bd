import { answerJson, userRoute } from "@/lib/http/route";
import { getOwnProfile } from "@/lib/print-server/users";
import { meResponse } from "./schema";

export const dynamic = "force-dynamic";

/** The signed-in person's profile, read from the print server with their token. */
export const GET = userRoute({}, async ({ user, token }) =>
  answerJson(meResponse, await getOwnProfile(token, user.userId)),
);
