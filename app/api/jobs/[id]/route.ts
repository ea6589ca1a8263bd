import { answerJson, userRoute } from "@/lib/http/route";
import { setFavorite } from "@/lib/print-server/jobs";
import { toJobView } from "../schema";
import { favoriteRequest, favoriteResponse, jobParams } from "./schema";

export const dynamic = "force-dynamic";

export const PATCH = userRoute(
  { params: jobParams, body: favoriteRequest, maxBodyBytes: 1024 },
  async ({ params, body, token }) => {
    const job = await setFavorite(token, params.id, body.favorite);
    return answerJson(favoriteResponse, { job: toJobView(job) });
  },
);
