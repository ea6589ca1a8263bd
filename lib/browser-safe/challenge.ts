// What the browser and the server agree on about the proof-of-work challenge
// (lib/challenge/, components/challenge/): where the widget fetches one and
// the form field its solution travels in.

/** GET answers a fresh challenge (app/api/challenge/route.ts). */
export const challengePath = "/api/challenge";

/** The form field that carries a solved challenge (the ALTCHA widget's own default name). */
export const challengeFieldName = "altcha";
