/**
 * Upload safety for ZIP containers (XLSX), shared by every upload that reads spreadsheets (mobile lists,
 * contacts): before any library unzips a file, its central directory must be well formed, hold at most
 * `maxEntries` entries, stored or deflated, unencrypted, without ZIP64, whose local entries follow each other
 * with nothing in between (a streaming reader sees exactly these), and which really inflate to the sizes they
 * declare, at most `maxUncompressed` bytes in all. Inflation stops at the declared size, so a crafted archive
 * costs at most that much work and never that much memory (files are inflated as a stream and only counted).
 */
import { createReadStream } from "node:fs";
import type { FileHandle } from "node:fs/promises";
import { createInflateRaw, inflateRawSync } from "node:zlib";

export const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export interface ZipLimits {
  maxEntries: number;
  /** Sum of the entries' real (inflated) sizes. */
  maxUncompressed: number;
  /** An entry of more than 1 MB may inflate to at most this many times its compressed size (zip bombs). */
  maxRatio?: number;
}

/** The archive is not one we read. */
export class ZipCheckError extends Error {}

interface Entry {
  offset: number;
  compressed: number;
  size: number;
  method: number;
  flags: number;
}

interface Directory {
  entries: Entry[];
  cdOffset: number;
}

const bad = () => new ZipCheckError("unreadable archive");

/** End-of-central-directory record and directory, read from `tail` (the last bytes of a file of `size`). */
function readDirectory(tail: Buffer, tailStart: number, size: number, limits: ZipLimits): Directory {
  let eocd = -1;
  for (let i = tail.length - 22; i >= Math.max(0, tail.length - 22 - 0xffff); i--) {
    if (tail.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw bad();
  const count = tail.readUInt16LE(eocd + 10);
  const cdSize = tail.readUInt32LE(eocd + 12);
  const cdOffset = tail.readUInt32LE(eocd + 16);
  const eocdAbs = tailStart + eocd;
  if (count === 0 || count > limits.maxEntries || cdOffset + cdSize > eocdAbs || eocdAbs > size) throw bad();
  if (cdOffset < tailStart) throw bad(); // the directory must be inside the bytes read
  const entries: Entry[] = [];
  let p = cdOffset - tailStart;
  let total = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > eocd || tail.readUInt32LE(p) !== 0x02014b50) throw bad();
    const entry = {
      flags: tail.readUInt16LE(p + 8),
      method: tail.readUInt16LE(p + 10),
      compressed: tail.readUInt32LE(p + 20),
      size: tail.readUInt32LE(p + 24),
      offset: tail.readUInt32LE(p + 42),
    };
    // encrypted entries, other methods and ZIP64 markers are not spreadsheets we read
    if (entry.flags & 1 || (entry.method !== 0 && entry.method !== 8)) throw bad();
    if (entry.size === 0xffffffff || entry.compressed === 0xffffffff) throw bad();
    total += entry.size;
    if (total > limits.maxUncompressed) throw bad();
    if (limits.maxRatio && entry.size > 1024 * 1024 && entry.size > entry.compressed * limits.maxRatio) {
      throw bad();
    }
    entries.push(entry);
    p += 46 + tail.readUInt16LE(p + 28) + tail.readUInt16LE(p + 30) + tail.readUInt16LE(p + 32);
  }
  if (p + tailStart !== cdOffset + cdSize) throw bad();
  entries.sort((a, b) => a.offset - b.offset);
  return { entries, cdOffset };
}

/** Where an entry's data lies, from its local header (which must start exactly where the walk expects it). */
function entryData(e: Entry, header: Buffer, expected: number, cdOffset: number) {
  if (e.offset !== expected || e.offset + 30 > cdOffset) throw bad();
  if (header.length < 30 || header.readUInt32LE(0) !== 0x04034b50) throw bad();
  const dataStart = e.offset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  const dataEnd = dataStart + e.compressed;
  if (dataEnd > cdOffset) throw bad();
  return { dataStart, dataEnd };
}

/** Where the next entry starts: after the data and its descriptor (with or without signature) if flagged. */
const nextOffset = (e: Entry, dataEnd: number, descriptor: Buffer) =>
  e.flags & 8
    ? dataEnd + (descriptor.length === 4 && descriptor.readUInt32LE(0) === 0x08074b50 ? 16 : 12)
    : dataEnd;

/** Checks an archive held in memory (small uploads). Throws ZipCheckError. */
export function checkZipBuffer(buf: Buffer, limits: ZipLimits): void {
  if (buf.length < 22 || !buf.subarray(0, 4).equals(ZIP_MAGIC)) throw bad();
  const dir = readDirectory(buf, 0, buf.length, limits);
  let expected = 0;
  for (const e of dir.entries) {
    const { dataStart, dataEnd } = entryData(
      e,
      buf.subarray(e.offset, e.offset + 30),
      expected,
      dir.cdOffset,
    );
    const data = buf.subarray(dataStart, dataEnd);
    let length: number;
    try {
      length =
        e.method === 0 ? data.length : inflateRawSync(data, { maxOutputLength: Math.max(e.size, 1) }).length;
    } catch {
      throw bad();
    }
    if (length !== e.size) throw bad();
    expected = nextOffset(e, dataEnd, buf.subarray(dataEnd, dataEnd + 4));
  }
  if (expected !== dir.cdOffset) throw bad();
}

/** Checks an archive on disk (large uploads) without reading it into memory. Throws ZipCheckError. */
export async function checkZipFile(file: FileHandle, path: string, limits: ZipLimits): Promise<void> {
  const { size } = await file.stat();
  const read = async (offset: number, length: number) => {
    const buf = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
    if (buf.length > 0) await file.read(buf, 0, buf.length, offset);
    return buf;
  };
  if (size < 22 || !(await read(0, 4)).equals(ZIP_MAGIC)) throw bad();
  // the end-of-central-directory record is in the last 22 + 65535 bytes; the directory itself is read from
  // where it says it starts to the end of the file (at most 4 MB: a spreadsheet's is a few KB)
  const eocdLength = Math.min(size, 22 + 0xffff);
  const eocdTail = await read(size - eocdLength, eocdLength);
  const at = eocdTail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (at < 0 || at + 22 > eocdTail.length) throw bad();
  const cdOffset = eocdTail.readUInt32LE(at + 16);
  if (cdOffset >= size || size - cdOffset > 4 * 1024 * 1024) throw bad();
  const dir = readDirectory(await read(cdOffset, size - cdOffset), cdOffset, size, limits);
  let expected = 0;
  for (const e of dir.entries) {
    const { dataStart, dataEnd } = entryData(e, await read(e.offset, 30), expected, dir.cdOffset);
    const length =
      e.method === 0
        ? dataEnd - dataStart
        : dataEnd === dataStart
          ? -1
          : await inflatedLength(path, dataStart, dataEnd, e.size);
    if (length !== e.size) throw bad();
    expected = nextOffset(e, dataEnd, await read(dataEnd, 4));
  }
  if (expected !== dir.cdOffset) throw bad();
}

/** Bytes that the deflated range [start, end) of a file inflates to, stopping past `limit`. */
function inflatedLength(path: string, start: number, end: number, limit: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const input = createReadStream(path, { start, end: end - 1 });
    const inflate = createInflateRaw();
    let total = 0;
    let done = false;
    const finish = (err: unknown, n?: number) => {
      if (done) return;
      done = true;
      input.destroy();
      inflate.destroy();
      if (err) reject(bad());
      else resolve(n ?? total);
    };
    inflate.on("data", (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) finish(null, total);
    });
    inflate.on("end", () => finish(null));
    inflate.on("error", (err) => finish(err));
    input.on("error", (err) => finish(err));
    input.pipe(inflate);
  });
}
