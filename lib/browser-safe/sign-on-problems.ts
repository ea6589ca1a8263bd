// What can go wrong in single sign-on, as the sign-in page's `signOnError`
// names it (a sentence for each under signIn.signOn in the catalogues).
export const signOnProblems = ["denied", "expired", "state", "failed"] as const;
export type SignOnProblemName = (typeof signOnProblems)[number];
