import { describe, expect, it } from "vitest";
import { changedOptions, choiceAsSent, parseCopies, releaseCost, toMyqReleaseOptions } from "./release-options";

const report = { copies: 1, duplex: true, color: true, cost: 1.68 };
const pass = { copies: 1, duplex: false, color: false, cost: 0.05 };
const twoCopies = { copies: 2, duplex: false, color: false, cost: 0.1 };
const myq = { copies: null, duplex: null, color: null, cost: null };

describe("release options", () => {
  it("start from the jobs as sent: what they share, else as sent", () => {
    expect(choiceAsSent([report])).toEqual({ copies: "1", sides: "two", mono: false });
    expect(choiceAsSent([pass])).toEqual({ copies: "1", sides: "one", mono: true });
    expect(choiceAsSent([report, pass])).toEqual({ copies: "1", sides: "asSent", mono: false });
    expect(choiceAsSent([pass, twoCopies])).toEqual({ copies: "", sides: "one", mono: true });
    expect(choiceAsSent([myq])).toEqual({ copies: "", sides: "asSent", mono: false });
  });

  it("take copies as a whole number from 1 to 99, empty for as sent", () => {
    expect(parseCopies(" 3 ")).toBe(3);
    expect(parseCopies("")).toBeNull();
    for (const bad of ["0", "100", "1.5", "-1", "two", "1e1"]) expect(parseCopies(bad)).toBe("invalid");
  });

  it("send only what the person changed; nothing while copies are not valid", () => {
    const asSent = choiceAsSent([report]);
    expect(changedOptions(asSent, asSent)).toEqual({});
    expect(changedOptions({ copies: "3", sides: "one", mono: true }, asSent)).toEqual({
      copies: 3,
      sides: "one",
      mono: true,
    });
    expect(changedOptions({ ...asSent, copies: "0" }, asSent)).toBeNull();
    // Several jobs with their own copies: empty keeps each one's.
    const mixed = choiceAsSent([pass, twoCopies]);
    expect(changedOptions(mixed, mixed)).toEqual({});
    expect(changedOptions({ ...mixed, copies: "2" }, mixed)).toEqual({ copies: 2 });
  });

  it("cost: copies scale each job exactly; mono or other sides are the server's to price", () => {
    expect(releaseCost([report, pass], {})).toEqual({ total: 1.73, exact: true });
    expect(releaseCost([pass, twoCopies], { copies: 3 })).toEqual({ total: 0.3, exact: true });
    expect(releaseCost([report], { copies: 2, mono: true })).toEqual({ total: 3.36, exact: false });
    expect(releaseCost([report], { sides: "one" }).exact).toBe(false);
    expect(releaseCost([myq], {})).toEqual({ total: null, exact: false });
  });

  it("become MyQ's releaseOptions (0 = as sent), or none when nothing changed", () => {
    expect(toMyqReleaseOptions(undefined)).toBeUndefined();
    expect(toMyqReleaseOptions({})).toBeUndefined();
    expect(toMyqReleaseOptions({ copies: 2 })).toEqual({ copies: 2, duplex: 0, color: 0 });
    expect(toMyqReleaseOptions({ sides: "one", mono: true })).toEqual({ copies: 0, duplex: 1, color: 1 });
    expect(toMyqReleaseOptions({ sides: "two" })).toEqual({ copies: 0, duplex: 2, color: 0 });
  });
});
