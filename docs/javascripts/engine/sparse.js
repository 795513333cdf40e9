// The engine's memory snapshot without its empty pages, nor the pages that
// Pyodide's WebAssembly module already holds.
//
// Half of Pyodide's 31 MB memory snapshot is zero bytes, and a tenth is the
// module's static data as the wasm file declares it, unchanged since (3.4 MB:
// 1.5 MB of gzip). Stored as is, the browser would download that tenth twice
// and inflate all of it, zeros included, before the restore can begin. Here
// only the runs of 4 KiB pages that differ from both are kept; a page equal
// to the *base* (the static data, given to packPages) is only named. The site
// serves `gzip(packPages(snapshot, PAGE, base))`; the worker rebuilds the
// snapshot with `unpackPages` (a few copies into a fresh, zeroed buffer), then
// `fillBase` copies the base pages from the freshly instantiated module's
// memory, just before Pyodide restores the snapshot into it, and checks them
// against their checksum.
//
// One module for both sides: site_hooks/snapshot.mjs packs at build time
// (Node), docs/javascripts/engine/worker.js and tests/pyodide/restore_snapshot.mjs
// unpack. Layout, little-endian:
//
//   "NIMPAGE2"  u32 length  u32 pageSize  u32 runCount  u32 baseChecksum
//   runCount × (u32 firstPage, u32 pageCount | BASE) — BASE (2**31): a base run
//   the pages of every run not BASE, in order (the last page may be short: `length`)

const MAGIC = "NIMPAGE2";
const HEADER = MAGIC.length + 16;
const PAGE = 4096;
const BASE = 0x8000_0000;

/**
 * A 32-bit checksum (FNV-1a) of `bytes`, continued from `hash`.
 * @param {Uint8Array} bytes
 */
function checksum(bytes, hash = 0x811c9dc5) {
  let h = hash;
  for (let index = 0; index < bytes.length; index += 1) {
    h = Math.imul(h ^ bytes[index], 0x01000193);
  }
  return h >>> 0;
}

/**
 * @param {Uint8Array} bytes
 * @param {number} [pageSize]
 * @param {Uint8Array | null} [base]  what the restoring side already holds, in the
 *   same places (shorter than `bytes`: zeros beyond); its non-zero pages equal in
 *   `bytes` are only named
 * @returns {Uint8Array} the packed form
 */
export function packPages(bytes, pageSize = PAGE, base = null) {
  const pages = Math.ceil(bytes.length / pageSize);
  /** @type {[number, number, boolean][]} first page, pages, base run */
  const runs = [];
  let baseHash = 0x811c9dc5;
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
    let fromBase = base !== null && end <= base.length;
    for (let index = start; fromBase && index < end; index += 1) {
      fromBase = bytes[index] === /** @type {Uint8Array} */ (base)[index];
    }
    if (fromBase) {
      baseHash = checksum(bytes.subarray(start, end), baseHash);
    }
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === page && last[2] === fromBase) {
      last[1] += 1;
    } else {
      runs.push([page, 1, fromBase]);
    }
  }
  const spans = runs
    .filter(([, , fromBase]) => !fromBase)
    .map(([first, count]) => [first * pageSize, Math.min((first + count) * pageSize, bytes.length)]);
  const kept = spans.reduce((sum, [start, end]) => sum + end - start, 0);
  const packed = new Uint8Array(HEADER + runs.length * 8 + kept);
  const view = new DataView(packed.buffer);
  for (let index = 0; index < MAGIC.length; index += 1) {
    packed[index] = MAGIC.charCodeAt(index);
  }
  view.setUint32(8, bytes.length, true);
  view.setUint32(12, pageSize, true);
  view.setUint32(16, runs.length, true);
  view.setUint32(20, baseHash, true);
  let offset = HEADER;
  for (const [first, count, fromBase] of runs) {
    view.setUint32(offset, first, true);
    view.setUint32(offset + 4, (count | (fromBase ? BASE : 0)) >>> 0, true);
    offset += 8;
  }
  for (const [start, end] of spans) {
    packed.set(bytes.subarray(start, end), offset);
    offset += end - start;
  }
  return packed;
}

const damaged = (/** @type {string} */ why) => new Error(`instantané endommagé (${why})`);

/**
 * The runs of a packed form: [start, end, base run] in bytes, and where the
 * bytes of the next kept run begin.
 * @param {Uint8Array} packed
 */
function readRuns(packed) {
  if (packed.length < HEADER || String.fromCharCode(...packed.subarray(0, MAGIC.length)) !== MAGIC) {
    throw damaged("en-tête inconnu");
  }
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const length = view.getUint32(8, true);
  const pageSize = view.getUint32(12, true);
  const runCount = view.getUint32(16, true);
  const baseHash = view.getUint32(20, true);
  if (pageSize === 0 || HEADER + runCount * 8 > packed.length) {
    throw damaged("en-tête incohérent");
  }
  /** @type {[number, number, boolean][]} */
  const runs = [];
  for (let run = 0; run < runCount; run += 1) {
    const first = view.getUint32(HEADER + run * 8, true);
    const word = view.getUint32(HEADER + run * 8 + 4, true);
    const count = word & ~BASE;
    const start = first * pageSize;
    const end = Math.min((first + count) * pageSize, length);
    if (start >= end) {
      throw damaged("pages hors limites");
    }
    runs.push([start, end, (word & BASE) !== 0]);
  }
  return { length, runs, baseHash, data: HEADER + runCount * 8 };
}

/**
 * The length of the bytes a packed form holds, read from its first 12 bytes
 * (the start of a download is enough).
 * @param {Uint8Array} head
 * @throws {Error} if `head` is not the start of a packed form
 */
export function packedLength(head) {
  if (head.length < 12 || String.fromCharCode(...head.subarray(0, MAGIC.length)) !== MAGIC) {
    throw damaged("en-tête inconnu");
  }
  return new DataView(head.buffer, head.byteOffset, 12).getUint32(8, true);
}

/**
 * @param {Uint8Array} packed  the output of packPages
 * @param {Uint8Array | null} [into]  where to unpack: a fresh (zeroed) buffer of the right length
 * @returns {Uint8Array} the original bytes, but zeros in place of the base pages (see fillBase)
 * @throws {Error} if `packed` is not a whole packed snapshot
 */
export function unpackPages(packed, into = null) {
  const { length, runs, data } = readRuns(packed);
  if (into !== null && into.length !== length) {
    throw damaged("taille inattendue");
  }
  const bytes = into ?? new Uint8Array(length);
  let offset = data;
  for (const [start, end, fromBase] of runs) {
    if (fromBase) {
      continue;
    }
    if (offset + (end - start) > packed.length) {
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

/**
 * Put the base pages back into `bytes` (unpacked from `packed`), read from
 * `base(start, end)`, and check them against the checksum packPages took.
 * @param {Uint8Array} bytes
 * @param {Uint8Array} packed
 * @param {(start: number, end: number) => Uint8Array} base  the base's bytes at [start, end)
 * @returns {number} how many bytes were taken from the base
 * @throws {Error} if the base does not hold the pages the snapshot was packed against
 */
export function fillBase(bytes, packed, base) {
  const { runs, baseHash } = readRuns(packed);
  let hash = 0x811c9dc5;
  let filled = 0;
  for (const [start, end, fromBase] of runs) {
    if (fromBase) {
      const source = base(start, end);
      if (source.length !== end - start) {
        throw damaged("pages de base hors limites");
      }
      hash = checksum(source, hash); // byte by byte: the same as packPages's page by page
      bytes.set(source, start);
      filled += end - start;
    }
  }
  if (hash >>> 0 !== baseHash) {
    throw damaged("pages de base différentes");
  }
  return filled;
}

/**
 * A `createPyodideModule` for loadPyodide({_loadSnapshot: bytes, createPyodideModule}):
 * it makes Pyodide's module with `create` (the default export of
 * pyodide.asm.mjs), and, just before Pyodide restores `bytes` into the module's
 * fresh memory, fills their base pages from that memory (fillBase). `packed`
 * may be a promise that resolves once `bytes` hold unpackPages(packed): the
 * module is then made (the wasm instantiated) while the snapshot still arrives.
 * @param {(settings: any) => Promise<any>} create
 * @param {Uint8Array} bytes  unpackPages(packed), or the buffer it is unpacked into
 * @param {Uint8Array | Promise<Uint8Array>} packed
 * @param {(filled: number) => void} [done]  told how many bytes came from the memory
 */
export function restoringBase(create, bytes, packed, done = () => {}) {
  return async (/** @type {any} */ settings) => {
    const module = await create(settings);
    const packedForm = await packed;
    const restore = module.API.restoreSnapshot;
    module.API.restoreSnapshot = (/** @type {Uint8Array} */ snapshot) => {
      // Pyodide's snapshot: its own header (length in its second word), then the memory.
      const header = new DataView(snapshot.buffer, snapshot.byteOffset, 8).getUint32(4, true);
      const memory = module.HEAPU8;
      done(
        fillBase(bytes, packedForm, (start, end) =>
          start < header ? new Uint8Array(0) : memory.subarray(start - header, end - header),
        ),
      );
      return restore(snapshot);
    };
    return module;
  };
}
