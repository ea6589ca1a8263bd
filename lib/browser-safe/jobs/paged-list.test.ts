import { describe, expect, it } from "vitest";
import { jobPageSize } from "./page-size";
import { pagedList, type ListPage, type PagedListState } from "./paged-list";

interface Page extends ListPage {
  /** Which read answered it: a stale page shows an older one. */
  read: number;
}

/** A list of `count` whose reads answer only when the test says so, in any order. */
function slowList(count: number) {
  const waiting: { start: number; answer: () => void; fail: () => void }[] = [];
  let reads = 0;
  const readPage = (start: number) =>
    new Promise<Page>((resolve, reject) => {
      const read = ++reads;
      waiting.push({
        start,
        answer: () => resolve({ start, count, read }),
        fail: () => reject(new Error("unreachable")),
      });
    });
  let state: PagedListState<Page> = {};
  const list = pagedList(readPage, (next) => (state = next));
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    list,
    state: () => state,
    starts: () => state.pages?.map((page) => page.start),
    /** The starts of the reads on their way, oldest first. */
    waiting: () => waiting.map((read) => read.start),
    /** Answers the oldest read on its way (or the one at `index`), and lets its continuations run. */
    async answer(index = 0) {
      waiting.splice(index, 1)[0]!.answer();
      await settle();
    },
    async fail(index = 0) {
      waiting.splice(index, 1)[0]!.fail();
      await settle();
    },
  };
}

async function loaded(count = 2000) {
  const list = slowList(count);
  void list.list.refetch();
  await list.answer();
  expect(list.starts()).toEqual([0]);
  return list;
}

describe("a list read page by page", () => {
  it("shows the next page on Show more, and ignores a second tap while it is on its way", async () => {
    const list = await loaded();
    list.list.showMore();
    list.list.showMore();
    expect(list.waiting()).toEqual([jobPageSize]);
    expect(list.state().fetchingMore).toBe(true);
    await list.answer();
    expect(list.starts()).toEqual([0, jobPageSize]);
    expect(list.state().fetchingMore).toBe(false);
  });

  it("keeps the page asked for when a read again was on its way (the tab came back just before the tap)", async () => {
    const list = await loaded();
    void list.list.refetch();
    list.list.showMore();
    // The tap reads from the start, as the read again on its way does, which it overtakes.
    expect(list.waiting()).toEqual([0, 0]);
    await list.answer(1);
    expect(list.waiting()).toEqual([0, jobPageSize]);
    await list.answer(1);
    expect(list.starts()).toEqual([0, jobPageSize]);
    const fresh = list.state().pages!.map((page) => page.read);
    // The overtaken read answers last, changes nothing and reads no further.
    await list.answer();
    expect(list.waiting()).toEqual([]);
    expect(list.state().pages!.map((page) => page.read)).toEqual(fresh);
    expect(list.state().fetchingMore).toBe(false);
  });

  it("keeps the page asked for when a read again starts while it is on its way, and shows nothing stale", async () => {
    const list = await loaded();
    list.list.showMore();
    void list.list.refetch();
    expect(list.waiting()).toEqual([jobPageSize, 0]);
    // The read again answers first and reads the page asked for itself...
    await list.answer(1);
    await list.answer(1);
    expect(list.starts()).toEqual([0, jobPageSize]);
    const fresh = list.state().pages!.map((page) => page.read);
    // ...and the Show more's own answer, older, changes nothing.
    await list.answer();
    expect(list.state().pages!.map((page) => page.read)).toEqual(fresh);
    expect(list.state().fetchingMore).toBe(false);
  });

  it("reads again as many pages as are shown, while the list has them", async () => {
    const list = await loaded(120);
    list.list.showMore();
    await list.answer();
    list.list.showMore();
    await list.answer();
    expect(list.starts()).toEqual([0, 50, 100]);
    list.list.showMore();
    expect(list.waiting()).toEqual([]);
    void list.list.refetch();
    for (const start of [0, 50, 100]) {
      expect(list.waiting()).toEqual([start]);
      await list.answer();
    }
    expect(list.starts()).toEqual([0, 50, 100]);
  });

  it("says why when Show more fails, and Try again reads the page asked for too", async () => {
    const list = await loaded();
    list.list.showMore();
    await list.fail();
    expect(list.state().error).toBeInstanceOf(Error);
    expect(list.state().fetchingMore).toBe(false);
    expect(list.starts()).toEqual([0]);
    void list.list.refetch();
    await list.answer();
    await list.answer();
    expect(list.waiting()).toEqual([]);
    expect(list.starts()).toEqual([0, jobPageSize]);
    expect(list.state().error).toBeUndefined();
  });

  it("keeps the newest read again when two are on their way", async () => {
    const list = await loaded();
    void list.list.refetch();
    void list.list.refetch();
    await list.answer(1);
    const newest = list.state().pages![0]!.read;
    await list.answer();
    expect(list.state().pages![0]!.read).toBe(newest);
  });
});
