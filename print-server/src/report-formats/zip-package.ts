import type { TransformOptions } from "node:stream";
import { constants, crc32, createDeflateRaw, deflateRawSync, type DeflateRaw, type ZlibOptions } from "node:zlib";
import type { OutputFile } from "./output-file.js";
import { TextSink } from "./text-sink.js";

/**
 * Compression of the streamed parts (the sheets). Level 6, zlib's default,
 * costs two to three times the CPU of level 3 on a large report; at level 3
 * the files are a sixth (XLSX) to two thirds (ODS) larger, still under a
 * tenth of their text.
 */
const STREAMED_LEVEL = 3;
/** The small parts known in full: a few hundred bytes each, compressed as well as zlib can. */
const SMALL_PART_LEVEL = constants.Z_BEST_COMPRESSION;
/**
 * Text a sheet's writer may be ahead of deflate, which runs on libuv's
 * thread pool: with only a chunk or two, the writer would wait for deflate
 * after almost every chunk instead of building the next rows meanwhile.
 */
const DEFLATE_AHEAD_BYTES = 1024 * 1024;
const DEFLATE_OUTPUT_BYTES = 64 * 1024;

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const ZIP64_END = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const STORED = 0;
const DEFLATED = 8;
const FLAG_DATA_DESCRIPTOR = 1 << 3;
const FLAG_UTF8_NAME = 1 << 11;
const VERSION_NEEDED = 20;
const VERSION_NEEDED_ZIP64 = 45;
const VERSION_MADE_BY = (3 << 8) | 63; // Unix, APPNOTE 6.3
const FILE_ATTRIBUTES = (0o100664 << 16) >>> 0; // a regular file, rw-rw-r--
/** Sizes and offsets from here on need ZIP64 records. */
const ZIP64_FROM = 0xffffffff;
/** What a 32-bit size or offset field says when the ZIP64 record holds the value. */
const IN_ZIP64_RECORD = 0xffffffff;

interface Entry {
  name: Buffer;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

const needsZip64 = (entry: Entry) =>
  entry.size >= ZIP64_FROM || entry.compressedSize >= ZIP64_FROM || entry.offset >= ZIP64_FROM;

function writeUInt64(buffer: Buffer, value: number, offset: number): void {
  buffer.writeBigUInt64LE(BigInt(value), offset);
}

/** MS-DOS date and time, local time as zip tools read it, clamped to the years DOS can hold. */
function dosDateTime(date: Date): { date: number; time: number } {
  const year = Math.min(Math.max(date.getFullYear(), 1980), 2107);
  return {
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
  };
}

/**
 * A streamed part: text in, UTF-8 through CRC-32 (zlib's, native) and deflate
 * (on the thread pool), compressed bytes into the report file. end() resolves
 * once the part is complete in the file, data descriptor included.
 */
class ZipEntrySink extends TextSink {
  private crc = 0;
  private bytes = 0;

  constructor(
    out: OutputFile,
    private readonly deflate: DeflateRaw,
    private readonly finish: (crc: number, size: number) => void,
  ) {
    super(out, deflate);
  }

  protected override send(chunk: string): boolean {
    const bytes = Buffer.from(chunk, "utf8");
    this.crc = crc32(bytes, this.crc);
    this.bytes += bytes.length;
    return this.deflate.write(bytes);
  }

  override async end(): Promise<void> {
    await this.flush();
    this.out.check();
    // 'end' follows the last 'data', which the pipe has handed to the file by then.
    const ended = this.out.until(this.deflate, "end");
    this.deflate.end();
    await ended;
    this.finish(this.crc, this.bytes);
  }
}

/**
 * A zip container (XLSX, ODS) written straight into the report file, entries
 * in the order they are added, as Info-ZIP and the office suites read it:
 * UTF-8 names, data descriptors after streamed parts, ZIP64 records only where
 * a size or an offset needs them.
 *
 * Not yazl: its CRC-32 is computed in JavaScript (buffer-crc32), which makes
 * a large spreadsheet cost noticeably more CPU than node:zlib's crc32 does
 * here. Worth another look once buffer-crc32 uses node:zlib's crc32.
 */
export class ZipPackage {
  private readonly entries: Entry[] = [];
  private readonly modified = dosDateTime(new Date());
  /** Bytes handed to the file so far: where the next entry starts. */
  private offset = 0;
  private streaming = false;

  constructor(private readonly out: OutputFile) {}

  /** A small part known in full. `stored` writes it uncompressed, as ODF wants for `mimetype`. */
  addText(name: string, content: string, stored = false): void {
    this.ready();
    const data = Buffer.from(content, "utf8");
    const body = stored ? data : deflateRawSync(data, { level: SMALL_PART_LEVEL });
    const entry = this.startEntry(name, stored ? STORED : DEFLATED, 0);
    entry.crc = crc32(data);
    entry.size = data.length;
    entry.compressedSize = body.length;
    this.write(this.localHeader(entry));
    this.write(body);
  }

  /** A part streamed row by row; await the returned sink's end() before adding anything else. */
  openEntry(name: string): TextSink {
    this.ready();
    const entry = this.startEntry(name, DEFLATED, FLAG_DATA_DESCRIPTOR);
    this.write(this.localHeader(entry));
    const options: ZlibOptions & TransformOptions = {
      level: STREAMED_LEVEL,
      highWaterMark: DEFLATE_AHEAD_BYTES,
      chunkSize: DEFLATE_OUTPUT_BYTES,
    };
    const deflate = createDeflateRaw(options);
    this.out.watch(deflate);
    // A failed or aborted report destroys the file stream: deflate goes with it.
    const destroy = () => deflate.destroy();
    this.out.stream.once("close", destroy);
    deflate.on("data", (compressed: Buffer) => {
      entry.compressedSize += compressed.length;
      this.offset += compressed.length;
    });
    deflate.pipe(this.out.stream, { end: false });
    this.streaming = true;
    return new ZipEntrySink(this.out, deflate, (crc, size) => {
      entry.crc = crc;
      entry.size = size;
      this.out.stream.off("close", destroy);
      this.streaming = false;
      this.write(this.dataDescriptor(entry));
    });
  }

  /** Writes the central directory once every entry is done, then ends the file. */
  end(): void {
    this.ready();
    const start = this.offset;
    for (const entry of this.entries) this.write(this.centralHeader(entry));
    this.write(this.endOfCentralDirectory(start, this.offset - start));
    this.out.stream.end();
  }

  private ready(): void {
    this.out.check();
    if (this.streaming) throw new Error("a streamed zip entry is still open");
  }

  private write(bytes: Buffer): void {
    this.out.stream.write(bytes);
    this.offset += bytes.length;
  }

  private startEntry(name: string, method: number, flags: number): Entry {
    const entry: Entry = {
      name: Buffer.from(name, "utf8"),
      method,
      flags: FLAG_UTF8_NAME | flags,
      crc: 0,
      compressedSize: 0,
      size: 0,
      offset: this.offset,
    };
    this.entries.push(entry);
    return entry;
  }

  private localHeader(entry: Entry): Buffer {
    const header = Buffer.alloc(30 + entry.name.length);
    header.writeUInt32LE(LOCAL_HEADER, 0);
    header.writeUInt16LE(VERSION_NEEDED, 4);
    header.writeUInt16LE(entry.flags, 6);
    header.writeUInt16LE(entry.method, 8);
    header.writeUInt16LE(this.modified.time, 10);
    header.writeUInt16LE(this.modified.date, 12);
    // A streamed entry's CRC and sizes follow its data, in the data descriptor (left 0 here).
    header.writeUInt32LE(entry.crc, 14);
    header.writeUInt32LE(entry.compressedSize, 18);
    header.writeUInt32LE(entry.size, 22);
    header.writeUInt16LE(entry.name.length, 26);
    header.writeUInt16LE(0, 28); // no extra field
    entry.name.copy(header, 30);
    return header;
  }

  private dataDescriptor(entry: Entry): Buffer {
    if (!needsZip64(entry)) {
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
      descriptor.writeUInt32LE(entry.crc, 4);
      descriptor.writeUInt32LE(entry.compressedSize, 8);
      descriptor.writeUInt32LE(entry.size, 12);
      return descriptor;
    }
    const descriptor = Buffer.alloc(24);
    descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
    descriptor.writeUInt32LE(entry.crc, 4);
    writeUInt64(descriptor, entry.compressedSize, 8);
    writeUInt64(descriptor, entry.size, 16);
    return descriptor;
  }

  private centralHeader(entry: Entry): Buffer {
    const zip64 = needsZip64(entry);
    const extra = zip64 ? 28 : 0;
    const header = Buffer.alloc(46 + entry.name.length + extra);
    header.writeUInt32LE(CENTRAL_HEADER, 0);
    header.writeUInt16LE(VERSION_MADE_BY, 4);
    header.writeUInt16LE(zip64 ? VERSION_NEEDED_ZIP64 : VERSION_NEEDED, 6);
    header.writeUInt16LE(entry.flags, 8);
    header.writeUInt16LE(entry.method, 10);
    header.writeUInt16LE(this.modified.time, 12);
    header.writeUInt16LE(this.modified.date, 14);
    header.writeUInt32LE(entry.crc, 16);
    header.writeUInt32LE(zip64 ? IN_ZIP64_RECORD : entry.compressedSize, 20);
    header.writeUInt32LE(zip64 ? IN_ZIP64_RECORD : entry.size, 24);
    header.writeUInt16LE(entry.name.length, 28);
    header.writeUInt16LE(extra, 30);
    header.writeUInt16LE(0, 32); // no comment
    header.writeUInt16LE(0, 34); // disk 0
    header.writeUInt16LE(0, 36); // binary
    header.writeUInt32LE(FILE_ATTRIBUTES, 38);
    header.writeUInt32LE(zip64 ? IN_ZIP64_RECORD : entry.offset, 42);
    entry.name.copy(header, 46);
    if (zip64) {
      const at = 46 + entry.name.length;
      header.writeUInt16LE(0x0001, at); // ZIP64 extended information
      header.writeUInt16LE(24, at + 2);
      writeUInt64(header, entry.size, at + 4);
      writeUInt64(header, entry.compressedSize, at + 12);
      writeUInt64(header, entry.offset, at + 20);
    }
    return header;
  }

  private endOfCentralDirectory(start: number, size: number): Buffer {
    const count = this.entries.length;
    const zip64 = count >= 0xffff || start >= ZIP64_FROM || size >= ZIP64_FROM;
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
    end.writeUInt16LE(0, 4); // this disk
    end.writeUInt16LE(0, 6); // the central directory's disk
    end.writeUInt16LE(zip64 ? 0xffff : count, 8);
    end.writeUInt16LE(zip64 ? 0xffff : count, 10);
    end.writeUInt32LE(zip64 ? IN_ZIP64_RECORD : size, 12);
    end.writeUInt32LE(zip64 ? IN_ZIP64_RECORD : start, 16);
    end.writeUInt16LE(0, 20); // no comment
    if (!zip64) return end;

    const record = Buffer.alloc(56);
    record.writeUInt32LE(ZIP64_END, 0);
    writeUInt64(record, 56 - 12, 4);
    record.writeUInt16LE(VERSION_MADE_BY, 12);
    record.writeUInt16LE(VERSION_NEEDED_ZIP64, 14);
    record.writeUInt32LE(0, 16);
    record.writeUInt32LE(0, 20);
    writeUInt64(record, count, 24);
    writeUInt64(record, count, 32);
    writeUInt64(record, size, 40);
    writeUInt64(record, start, 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(ZIP64_LOCATOR, 0);
    locator.writeUInt32LE(0, 4);
    writeUInt64(locator, start + size, 8); // the ZIP64 record follows the central directory
    locator.writeUInt32LE(1, 16);
    return Buffer.concat([record, locator, end]);
  }
}
