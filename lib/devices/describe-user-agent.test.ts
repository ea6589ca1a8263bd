import { describe, expect, it } from "vitest";
import { describeUserAgent } from "./describe-user-agent";

describe("describeUserAgent", () => {
  it("names the browser and the system", () => {
    expect(
      describeUserAgent(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      ),
    ).toEqual({ browser: "Safari", system: "iOS" });
  });

  it("reads a missing or made-up header as unknown", () => {
    expect(describeUserAgent(undefined)).toEqual({ browser: null, system: null });
    expect(describeUserAgent("curl-ish/1")).toEqual({ browser: null, system: null });
  });
});
