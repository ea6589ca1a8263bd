import { jobPageSize } from "./page-size";

/** One page of a list as the portal answers it: where it starts and how many the list has in all. */
export interface ListPage {
  start: number;
  count: number;
}

export interface PagedListState<Page extends ListPage> {
  /** The pages shown, in order; undefined until the first answer. */
  pages?: Page[];
  error?: unknown;
  /** A "Show more" is on its way. */
  fetchingMore: boolean;
}

export interface PagedList {
  /** Reads the list again, as many pages as were asked for. */
  refetch: () => Promise<void>;
  /** "Show more": one page more. Does nothing while one is on its way or when there is no more. */
  showMore: () => void;
}

/** Whether the list has pages after `last`. */
export const hasMore = (last: ListPage | undefined) => last !== undefined && last.start + jobPageSize < last.count;

/**
 * A list read page by page (the Jobs page's lists), without React so its
 * races can be tested. A read again (after a release, when the tab comes
 * back) and a "Show more" can be on their way at once; whichever answers
 * last, the list ends with every page asked for and nothing stale: the
 * page is counted as asked for before it is read, and a read again that
 * is on its way, or starts meanwhile, reads it too.
 */
export function pagedList<Page extends ListPage>(
  readPage: (start: number) => Promise<Page>,
  publish: (state: PagedListState<Page>) => void,
): PagedList {
  let state: PagedListState<Page> = { fetchingMore: false };
  let asked = 1;
  let latest = 0;
  let refetching = false;
  const set = (change: Partial<PagedListState<Page>>) => {
    state = { ...state, ...change };
    publish(state);
  };

  async function refetch() {
    const run = ++latest;
    refetching = true;
    try {
      // `asked` is read after each page: a "Show more" meanwhile is read here too.
      const fresh = [await readPage(0)];
      while (fresh.length < asked && hasMore(fresh.at(-1)))
        fresh.push(await readPage(fresh.at(-1)!.start + jobPageSize));
      if (run === latest) set({ pages: fresh, error: undefined, fetchingMore: false });
    } catch (failure) {
      if (run === latest) set({ error: failure, fetchingMore: false });
    } finally {
      if (run === latest) refetching = false;
    }
  }

  function showMore() {
    const last = state.pages?.at(-1);
    if (state.fetchingMore || !hasMore(last)) return;
    asked += 1;
    set({ fetchingMore: true });
    // The read again on its way reads the page asked for.
    if (refetching) return;
    const run = latest;
    readPage(last!.start + jobPageSize).then(
      (page) => {
        // A read again started meanwhile, and reads this page itself.
        if (run !== latest) return;
        set({ pages: [...(state.pages ?? []), page], fetchingMore: false });
      },
      (failure: unknown) => {
        if (run !== latest) return;
        asked -= 1;
        set({ error: failure, fetchingMore: false });
      },
    );
  }

  return { refetch, showMore };
}
