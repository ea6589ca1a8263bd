import { describe, expect, it } from "vitest";
import { quotaLeft } from "./quota";

describe("quotaLeft", () => {
  it("tells pages left of the limit and the meter's fraction", () => {
    expect(quotaLeft(473, 500)).toEqual({ pagesLeft: 473, pagesLimit: 500, fractionLeft: 0.946 });
  });

  it("keeps what is left within zero and the limit", () => {
    expect(quotaLeft(-12, 500)).toEqual({ pagesLeft: 0, pagesLimit: 500, fractionLeft: 0 });
    expect(quotaLeft(900, 500)).toEqual({ pagesLeft: 500, pagesLimit: 500, fractionLeft: 1 });
  });

  it("copes with a zero limit", () => {
    expect(quotaLeft(0, 0)).toEqual({ pagesLeft: 0, pagesLimit: 0, fractionLeft: 0 });
  });

  it("shows only what is left when the server names no limit", () => {
    expect(quotaLeft(40, undefined)).toEqual({ pagesLeft: 40, pagesLimit: null, fractionLeft: null });
  });
  it("shows the limit alone when the server does not say what is left", () => {
    expect(quotaLeft(null, 500)).toEqual({ pagesLeft: null, pagesLimit: 500, fractionLeft: null });
  });
});
