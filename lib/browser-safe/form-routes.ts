// Where the portal's plain forms post. Fixed paths rather than server
// actions, whose ids change with every build: a page opened before an
// upgrade still posts somewhere that exists.

/** The sign-in form (app/api/auth/sign-in/route.ts). */
export const signInRoute = "/api/auth/sign-in";

/** The user menu's "Sign out" (app/api/auth/sign-out/route.ts). */
export const signOutRoute = "/api/auth/sign-out";

/** The language and theme switches (app/api/preferences/route.ts). */
export const preferencesRoute = "/api/preferences";
