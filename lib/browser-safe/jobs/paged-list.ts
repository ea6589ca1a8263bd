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
  fetchingMore?: boolean;
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
 * back) and a "Show more" can be on their way at once. One read at a time
 * counts, the latest: a "Show more" reads on from the pages of the last
 * read that answered, a read again starts over, and either reads as many
 * pages as have been asked for by then. So the list ends with every page
 * asked for, and none from before a read again.
 */
export function pagedList<Page extends ListPage>(
  readPage: (start: number) => Promise<Page>,
  publish: (state: PagedListState<Page>) => void,
): PagedList {
  let state: PagedListState<Page> = {};
  let asked = 1;
  let latest = 0;
  // The pages of the last read that answered; a read again empties it.
  let kept: Page[] = [];
  // Every change but the start of a "Show more" ends the one on its way.
  const set = (change: PagedListState<Page>) => publish((state = { ...state, fetchingMore: false, ...change }));

  async function read() {
    const run = ++latest;
    try {
      const pages = kept.length > 0 ? [...kept] : [await readPage(0)];
      // `asked` is read after each page: a "Show more" meanwhile is read here too. A read overtaken stops.
      while (run === latest && pages.length < asked && hasMore(pages.at(-1)))
        pages.push(await readPage(pages.at(-1)!.start + jobPageSize));
      if (run === latest) set({ pages: (kept = pages), error: undefined });
    } catch (failure) {
      // The page asked for stays asked for: "Try again" reads it too.
      if (run === latest) set({ error: failure });
    }
  }

  return {
    refetch() {
      kept = [];
      return read();
    },
    showMore() {
      if (state.fetchingMore || !hasMore(state.pages?.at(-1))) return;
      asked += 1;
      set({ fetchingMore: true });
      void read();
    },
  };
}
