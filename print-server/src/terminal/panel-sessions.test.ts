import { describe, expect, it } from "vitest";
import { createPanelSessions, type PanelAnswer } from "./panel-sessions.js";

function clocked() {
  let now = 1_000_000;
  const sessions = createPanelSessions({ idleMs: 1_000, formMs: 5_000, maxEntries: 3 }, () => now);
  return { sessions, advance: (ms: number) => (now += ms) };
}

const answer = (body: string): PanelAnswer => ({ status: 200, body });

describe("panel sessions", () => {
  it("end after the idle time, and each step restarts it", () => {
    const { sessions, advance } = clocked();
    const id = sessions.start(1, 2);
    advance(900);
    expect(sessions.get(id)).toMatchObject({ userId: 1, printerId: 2 });
    advance(900);
    expect(sessions.get(id)).toBeDefined();
    advance(1_001);
    expect(sessions.get(id)).toBeUndefined();
    sessions.stop();
  });

  it("run a form's work once; every later submit gets the first answer", async () => {
    const { sessions } = clocked();
    const id = sessions.start(1, 2);
    const form = sessions.issueForm("print", id);
    let runs = 0;
    const work = async () => answer(`printed ${++runs}`);
    const [first, second] = [sessions.redeem(form, "print", id, work), sessions.redeem(form, "print", id, work)];
    expect(await first).toEqual(answer("printed 1"));
    expect(await second).toEqual(answer("printed 1"));
    expect(runs).toBe(1);
    sessions.stop();
  });

  it("take a form only in the session and for the purpose it was shown for, and not once expired", () => {
    const { sessions, advance } = clocked();
    const alice = sessions.start(1, 2);
    const bob = sessions.start(2, 2);
    const form = sessions.issueForm("print", alice);
    const work = async () => answer("done");
    expect(sessions.redeem(form, "print", bob, work)).toBeNull();
    expect(sessions.redeem(form, "scan", alice, work)).toBeNull();
    expect(sessions.redeem("made-up", "print", alice, work)).toBeNull();
    advance(5_001);
    expect(sessions.redeem(form, "print", alice, work)).toBeNull();
    sessions.stop();
  });

  it("keep at most maxEntries, dropping the oldest, and forget a signed-out session's forms", () => {
    const { sessions } = clocked();
    const ids = [1, 2, 3, 4].map((n) => sessions.start(n, 1));
    expect(sessions.get(ids[0]!)).toBeUndefined();
    expect(sessions.get(ids[3]!)).toBeDefined();
    const form = sessions.issueForm("scan", ids[3]!);
    sessions.end(ids[3]!);
    expect(sessions.get(ids[3]!)).toBeUndefined();
    expect(sessions.redeem(form, "scan", ids[3]!, async () => answer("x"))).toBeNull();
    sessions.stop();
  });
});
