// The portal's pages the bench measures (first-load JavaScript, console
// errors, Lighthouse), in one list: a new page is one line here. A page the
// portal does not serve yet (404) is skipped with a note, so pages that are
// still being built can be listed before they land. `signedIn` pages get the
// bench user's session cookie.

export const PAGES = [
  { name: "sign-in", path: "/sign-in", signedIn: false },
  { name: "home", path: "/", signedIn: true },
  { name: "reports", path: "/reports", signedIn: true },
  { name: "jobs", path: "/jobs", signedIn: true },
  { name: "credit", path: "/credit", signedIn: true },
  { name: "profile", path: "/profile", signedIn: true },
];

/** The floor's empty App Router page (scripts/bench/floor-app), measured the same way. */
export const FLOOR_PAGE = { name: "floor", path: "/", signedIn: false };
