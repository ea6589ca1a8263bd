import { describe, expect, it } from "vitest";
import { isAuthorised } from "./external-storage-auth";

const expected = { login: "myq", password: "pa:ss word-long-enough" };
const basic = (text: string) => `Basic ${Buffer.from(text).toString("base64")}`;

describe("isAuthorised", () => {
  it("takes exactly the configured login and password (a colon in the password included)", () => {
    expect(isAuthorised(basic("myq:pa:ss word-long-enough"), expected)).toBe(true);
    expect(isAuthorised(`basic   ${Buffer.from("myq:pa:ss word-long-enough").toString("base64")}`, expected)).toBe(
      true,
    );
  });

  it("refuses anything else", () => {
    for (const header of [
      null,
      "",
      "Basic",
      "Bearer abc",
      basic("myq"),
      basic("myq:"),
      basic("MYQ:pa:ss word-long-enough"),
      basic("myq:pa:ss word-long-enough "),
      basic(":pa:ss word-long-enough"),
    ])
      expect(isAuthorised(header, expected), String(header)).toBe(false);
  });
});
