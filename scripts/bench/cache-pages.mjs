// The walk of the cache measure (measure-cached-balance.mjs): the home page
// first, then each of these by clicking its nav link in the same tab. Each
// page's money answer is changed by its own `bump`, so the figure it shows
// after its refresh differs from every figure shown before it.

export const CACHE_START = { name: "home", path: "/", title: "Home" };

export const CACHE_PAGES = [
  { name: "jobs", path: "/jobs", title: "Jobs", from: "Home", bump: 1 },
  { name: "credit", path: "/credit", title: "Credit", from: "Jobs", bump: 2 },
];
