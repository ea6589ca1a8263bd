import { describe, expect, it } from "vitest";
import { afterSignIn, deviceFor, namesPerDevice, readDeviceCookie, writeDeviceCookie } from "./device-cookie";
import { nameHash } from "./person-name";

const secret = "a test secret of at least thirty-two characters";
const alice = nameHash("alice", secret);
const bob = nameHash("bob", secret);

describe("device cookie", () => {
  it("reads back what it wrote and names only the people who signed in with it", () => {
    const claim = afterSignIn(undefined, [alice]);
    const read = readDeviceCookie(writeDeviceCookie(claim, secret), secret);
    expect(read).toEqual(claim);
    expect(deviceFor(read, alice)).toBe(claim.id);
    expect(deviceFor(read, bob)).toBeUndefined();
    expect(deviceFor(read, undefined)).toBeUndefined();
  });

  it("refuses a cookie a client wrote or changed, or signed with another secret", () => {
    const value = writeDeviceCookie(afterSignIn(undefined, [alice]), secret);
    const [id, , sig] = value.split(".");
    expect(readDeviceCookie(`${id}.${bob}.${sig}`, secret)).toBeUndefined();
    expect(readDeviceCookie(value, "another secret of at least thirty-two chars")).toBeUndefined();
    expect(readDeviceCookie(`${value}x`, secret)).toBeUndefined();
    expect(readDeviceCookie(undefined, secret)).toBeUndefined();
  });

  it("keeps its id and the newest few names", () => {
    let claim = afterSignIn(undefined, [alice]);
    const id = claim.id;
    for (let i = 0; i < 10; i += 1) claim = afterSignIn(claim, [nameHash(`user${i}`, secret)]);
    claim = afterSignIn(claim, [bob, bob]);
    expect(claim.id).toBe(id);
    expect(claim.names).toHaveLength(namesPerDevice);
    expect(claim.names.at(-1)).toBe(bob);
    expect(claim.names).not.toContain(alice);
  });
});
