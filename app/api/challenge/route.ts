import { issueChallenge } from "@/lib/challenge/issue-challenge";
import { answerJson, publicRoute } from "@/lib/http/route";
import { challengeResponse } from "./schema";

export const dynamic = "force-dynamic";

// The ALTCHA widget (components/challenge/) fetches a fresh challenge here.
// Anyone may ask: a challenge only costs the asker work, and any instance of
// the portal can check its solution (lib/challenge/accept-solution.ts).

export const GET = publicRoute({}, async () => answerJson(challengeResponse, await issueChallenge()));
