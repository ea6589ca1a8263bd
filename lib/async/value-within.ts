import "server-only";

/**
 * `work`'s value if it settles within `ms`, else `late`. The work goes on
 * (a print server call cannot be called back); what it brings after the
 * deadline is dropped, and a failure after it is handled, not left unhandled.
 * A failure within the deadline is passed on.
 */
export async function valueWithin<T, L>(work: Promise<T>, ms: number, late: L): Promise<T | L> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<L>((resolve) => {
    timer = setTimeout(() => resolve(late), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
