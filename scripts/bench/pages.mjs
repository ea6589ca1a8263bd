// The portal's pages the bench measures (Lighthouse, console errors,
// first-load JavaScript), in one list: a new page is one line here. A page the
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

/**
 * The order of Lighthouse's runs: `runs` rounds, each of the floor's page,
 * the signed-out pages, then the signed-in ones (one change of the session
 * cookie each way per round). The floor takes its turn with the pages, as the
 * bench's other compared figures do: a machine that is slower for a minute
 * weighs on the floor and the pages alike.
 */
export function lighthouseRounds(pages, runs) {
  const inOrder = [...pages].sort((a, b) => Number(a.signedIn) - Number(b.signedIn));
  return Array.from({ length: runs }, (_, round) => [
    { page: FLOOR_PAGE, run: round + 1 },
    ...inOrder.map((page) => ({ page, run: round + 1 })),
  ]).flat();
}
