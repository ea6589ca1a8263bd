/**
 * Runs `work` in a task of its own, soon; answers how to cancel it (an
 * effect's clean-up). For a read a component starts when it mounts: each
 * fetch() costs the browser a few ms, and started from the effects of
 * hydration they made that one task the page's longest (on a phone, the
 * Jobs page's five reads were a third of it; issue 14).
 */
export function inOwnTask(work: () => void): () => void {
  const timer = setTimeout(work, 0);
  return () => clearTimeout(timer);
}
