import { open, stat } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { OutputFile } from "../../src/report-formats/output-file.js";
import { ZipPackage } from "../../src/report-formats/zip-package.js";
import { run, withTempDir } from "./report-fixtures.js";

// Writing 4 GiB and reading it back takes about 25 s of CPU (1.5 min at a load of 16 on 2 cores).
const ZIP64_TIMEOUT_MS = 300_000;
const BLOCK_CHARS = 64 * 1024;
// One block past 4 GiB: a size cut to 32 bits would read as one block.
const BIG_BLOCKS = 2 ** 16 + 1;
const BIG_SIZE = BIG_BLOCKS * BLOCK_CHARS;

async function readAt(file: string, position: number, length: number): Promise<Buffer> {
  const handle = await open(file);
  try {
    const { buffer } = await handle.read(Buffer.alloc(length), 0, length, position);
    return buffer;
  } finally {
    await handle.close();
  }
}

/** What `zipinfo -v` says about each entry, by name: its "label: value" lines. */
async function zipinfo(file: string): Promise<Map<string, Map<string, string>>> {
  const entries = new Map<string, Map<string, string>>();
  const report = await run("zipinfo", ["-v", file]);
  for (const section of report.split(/^Central directory entry #\d+:\n-+\n/m).slice(1)) {
    // zipinfo guesses where an entry starts from the one before, without its
    // data descriptor and with the central record's extra field: a "There are
    // an extra N bytes preceding this file" before a name is that guess.
    const [name = "", ...lines] = section
      .replace(/^\s*There are an extra -?\d+ bytes preceding this file\.\n/, "")
      .trim()
      .split("\n");
    const fields = new Map<string, string>();
    for (const line of lines) {
      const match = /^ {2}(\S[^:]*):\s+(.*)$/.exec(line);
      if (match) fields.set(match[1]!, match[2]!);
    }
    entries.set(name.trim(), fields);
  }
  return entries;
}

describe("ZIP64", () => {
  it(
    "streams a part of more than 4 GiB: 64-bit sizes in its data descriptor and central record, and Info-ZIP reads every byte back",
    async () => {
      await withTempDir(async (dir) => {
        const file = join(dir, "big.zip");
        const out = new OutputFile(file);
        const zip = new ZipPackage(out);
        const sink = zip.openEntry("big.xml");
        const block = '<row><c t="n"><v>12345</v></c></row>\n'.repeat(BLOCK_CHARS).slice(0, BLOCK_CHARS);
        for (let i = 0; i < BIG_BLOCKS; i++) if (sink.push(block)) await sink.flush();
        await sink.end();
        zip.addText("after.txt", "after the big part");
        zip.end();
        await out.closed();

        // Every entry found through the central directory, inflated and checked against its CRC and size.
        expect(await run("unzip", ["-tq", file])).toContain("No errors detected");
        expect(await run("unzip", ["-p", file, "after.txt"])).toBe("after the big part");

        const entries = await zipinfo(file);
        expect([...entries.keys()]).toEqual(["big.xml", "after.txt"]);
        const big = entries.get("big.xml")!;
        expect(big.get("uncompressed size")).toBe(`${BIG_SIZE} bytes`);
        expect(big.get("minimum software version required to extract")).toBe("4.5");
        expect(big.get("length of extra field")).toBe("28 bytes");
        const after = entries.get("after.txt")!;
        expect(after.get("minimum software version required to extract")).toBe("2.0");

        // The data descriptor just before the next entry: signature, CRC, 64-bit sizes.
        const afterOffset = Number(after.get("offset of local header from start of archive"));
        const descriptor = await readAt(file, afterOffset - 24, 24);
        expect(descriptor.readUInt32LE(0)).toBe(0x08074b50);
        expect(descriptor.readUInt32LE(4).toString(16).padStart(8, "0")).toBe(big.get("32-bit CRC value (hex)"));
        expect(`${descriptor.readBigUInt64LE(8)} bytes`).toBe(big.get("compressed size"));
        expect(descriptor.readBigUInt64LE(16)).toBe(BigInt(BIG_SIZE));
      });
    },
    ZIP64_TIMEOUT_MS,
  );

  it(
    "lists 65,535 parts: the count in a ZIP64 end of central directory, and Info-ZIP finds every part",
    async () => {
      await withTempDir(async (dir) => {
        const file = join(dir, "many.zip");
        const out = new OutputFile(file);
        const zip = new ZipPackage(out);
        const count = 0xffff;
        for (let i = 0; i < count; i++) zip.addText(`parts/${i}.txt`, `part ${i}`);
        zip.end();
        await out.closed();

        expect(await run("unzip", ["-tq", file])).toContain("No errors detected");
        expect(await run("zipinfo", ["-t", file])).toMatch(/^65535 files,/);
        expect(await run("unzip", ["-p", file, "parts/65534.txt"])).toBe("part 65534");

        // ZIP64 end of central directory record, its locator, then the classic record pointing to them.
        const { size } = await stat(file);
        const tail = await readAt(file, size - 98, 98);
        expect(tail.readUInt32LE(0)).toBe(0x06064b50);
        expect(tail.readBigUInt64LE(24)).toBe(BigInt(count));
        expect(tail.readBigUInt64LE(32)).toBe(BigInt(count));
        expect(tail.readUInt32LE(56)).toBe(0x07064b50);
        expect(tail.readBigUInt64LE(64)).toBe(BigInt(size - 98));
        expect(tail.readUInt32LE(76)).toBe(0x06054b50);
        expect(tail.readUInt16LE(76 + 10)).toBe(0xffff);
      });
    },
    ZIP64_TIMEOUT_MS,
  );
});
