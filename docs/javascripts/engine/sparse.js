// The engine's memory snapshot without its empty pages.
//
// Half of Pyodide's 31 MB memory snapshot is zero bytes. Stored as is, the
// browser must inflate all of it, zeros included, before the restore can
// begin. Here only the runs of 4 KiB pages holding a non-zero byte are kept:
// the site serves `gzip(packPages(snapshot))` and the worker rebuilds the
// snapshot with `unpackPages`, a few copies into a fresh (zeroed) buffer.
//
// One module for both sides: site_hooks/snapshot.mjs packs at build time
// (Node), docs/javascripts/engine/worker.js and tests/pyodide/restore_snapshot.mjs
// unpack. Layout, little-endian:
//
//   "NIMPAGES"  u32 length  u32 pageSize  u32 runCount
//   runCount × (u32 firstPage, u32 pageCount)
//   the pages of every run, in order (the last page may be short: `length`)

const MAGIC = "NIMPAGES";
const HEADER = MAGIC.length + 12;
const PAGE = 4096;

/**
 * @param {Uint8Array} bytes
 * @returns {Uint8Array} the packed form
 */
export function packPages(bytes, pageSize = PAGE) {
  const pages = Math.ceil(bytes.length / pageSize);
  /** @type {[number, number][]} */
  const runs = [];
  for (let page = 0; page < pages; page += 1) {
    const start = page * pageSize;
    const end = Math.min(start + pageSize, bytes.length);
    let empty = true;
    for (let index = start; index < end; index += 1) {
      if (bytes[index] !== 0) {
        empty = false;
        break;
      }
    }
    if (empty) {
      continue;
    }
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === page) {
      last[1] += 1;
    } else {
      runs.push([page, 1]);
    }
  }
  const spans = runs.map(([first, count]) => [first * pageSize, Math.min((first + count) * pageSize, bytes.length)]);
  const kept = spans.reduce((sum, [start, end]) => sum + end - start, 0);
  const packed = new Uint8Array(HEADER + runs.length * 8 + kept);
  const view = new DataView(packed.buffer);
  for (let index = 0; index < MAGIC.length; index += 1) {
    packed[index] = MAGIC.charCodeAt(index);
  }
  view.setUint32(8, bytes.length, true);
  view.setUint32(12, pageSize, true);
  view.setUint32(16, runs.length, true);
  let offset = HEADER;
  for (const [first, count] of runs) {
    view.setUint32(offset, first, true);
    view.setUint32(offset + 4, count, true);
    offset += 8;
  }
  for (const [start, end] of spans) {
    packed.set(bytes.subarray(start, end), offset);
    offset += end - start;
  }
  return packed;
}

/**
 * @param {Uint8Array} packed  the output of packPages
 * @returns {Uint8Array} the original bytes
 * @throws {Error} if `packed` is not a whole packed snapshot
 */
export function unpackPages(packed) {
  const damaged = (why) => new Error(`instantané endommagé (${why})`);
  if (packed.length < HEADER || String.fromCharCode(...packed.subarray(0, MAGIC.length)) !== MAGIC) {
    throw damaged("en-tête inconnu");
  }
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const length = view.getUint32(8, true);
  const pageSize = view.getUint32(12, true);
  const runCount = view.getUint32(16, true);
  let offset = HEADER + runCount * 8;
  if (pageSize === 0 || offset > packed.length) {
    throw damaged("en-tête incohérent");
  }
  const bytes = new Uint8Array(length);
  for (let run = 0; run < runCount; run += 1) {
    const first = view.getUint32(HEADER + run * 8, true);
    const count = view.getUint32(HEADER + run * 8 + 4, true);
    const start = first * pageSize;
    const end = Math.min((first + count) * pageSize, length);
    if (start >= end || offset + (end - start) > packed.length) {
      throw damaged("pages hors limites");
    }
    bytes.set(packed.subarray(offset, offset + (end - start)), start);
    offset += end - start;
  }
  if (offset !== packed.length) {
    throw damaged("octets en trop");
  }
  return bytes;
}
