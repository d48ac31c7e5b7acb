import { closeSync, fsyncSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';

/**
 * A graph of objects written to a file and read back whole: plain objects, arrays, Maps and Sets
 * (the structured-clone shapes, through `v8.serialize`), instances of the classes named in
 * `classes` (their own fields; the prototype is restored on reading) and typed arrays, whose bytes
 * are written raw after the rest and read straight back into arrays (no parse).
 * Shared references stay shared. A function, a symbol or an instance of an unnamed class is refused
 * with the path where it was found. A FileBytes (bytes left in a graph file, or moved to a
 * SpillFile while the graph was built) is written as the Buffer it stands for, copied from its file.
 *
 * Layout: MAGIC, the header's byte length (u32 LE), the header (JSON: the caller's `meta`, the
 * skeleton's length, each typed array's constructor and byte length), the skeleton
 * (`v8.serialize` of the graph with tags for class instances and typed arrays), the typed arrays'
 * bytes, each at an 8-byte boundary, and MAGIC again, so a cut file is refused. Reading, each
 * array is read straight into a buffer of its own, or (`ReadOptions.onDisk`) left in the file.
 * @example
 * writeGraph('index.bin', { ids: Uint32Array.of(1, 2) }, { version: 1 }, {});
 * readGraph('index.bin', {}, (meta) => meta.version === 1)?.root.ids[1] // 2
 */
export type ClassTable = Readonly<Record<string, { readonly prototype: unknown }>>;

const MAGIC = Buffer.from('JSGRAPH1');
const TAG = '\u0000graph';
const ALIGN = 8;

export type TypedArrayName =
  | 'Buffer'
  | 'Uint8Array'
  | 'Int8Array'
  | 'Uint16Array'
  | 'Int16Array'
  | 'Uint32Array'
  | 'Int32Array'
  | 'Float32Array'
  | 'Float64Array';

const ARRAYS: Readonly<
  Record<
    Exclude<TypedArrayName, 'Buffer'>,
    { new (b: ArrayBuffer, o: number, l: number): ArrayBufferView; BYTES_PER_ELEMENT: number }
  >
> = {
  Uint8Array,
  Int8Array,
  Uint16Array,
  Int16Array,
  Uint32Array,
  Int32Array,
  Float32Array,
  Float64Array,
};

interface Header {
  meta: unknown;
  skeleton: number;
  arrays: { type: TypedArrayName; bytes: number }[];
}

export class GraphFileError extends Error {
  override name = 'GraphFileError';
}

/**
 * Writes the graph to `path` through a temporary file that is synced and then renamed over it, so
 * a reader sees the old file or the new one, never a part.
 */
export function writeGraph(path: string, root: unknown, meta: unknown, classes: ClassTable): { bytes: number } {
  const arrays: (ArrayBufferView | FileBytes)[] = [];
  const skeleton = serialize(encode(root, classes, arrays));
  const header: Header = {
    meta,
    skeleton: skeleton.length,
    arrays: arrays.map((a) =>
      a instanceof FileBytes ? { type: 'Buffer', bytes: a.length } : { type: typeName(a), bytes: a.byteLength },
    ),
  };
  const headerBytes = Buffer.from(JSON.stringify(header));
  const temp = `${path}.${process.pid}.${Date.now().toString(36)}.tmp`;
  const fd = openSync(temp, 'w');
  let at = 0;
  let scratch: Buffer | null = null;
  const write = (bytes: ArrayBufferView | FileBytes): void => {
    if (bytes instanceof FileBytes) {
      scratch ??= Buffer.allocUnsafeSlow(COPY_SLICE);
      at = bytes.copyTo(fd, at, scratch);
      return;
    }
    const view = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let done = 0; done < view.length;) done += writeSync(fd, view, done, view.length - done, at + done);
    at += view.length;
  };
  const pad = (): void => {
    if (at % ALIGN !== 0) write(new Uint8Array(ALIGN - (at % ALIGN)));
  };
  try {
    const length = Buffer.alloc(4);
    length.writeUInt32LE(headerBytes.length);
    write(MAGIC);
    write(length);
    write(headerBytes);
    pad();
    write(skeleton);
    for (const a of arrays) {
      pad();
      write(a);
    }
    write(MAGIC);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(temp, path);
  return { bytes: at };
}

/**
 * Reads a graph written by `writeGraph`: null when there is no file or `accept` refuses its meta
 * (read first, before the rest); a GraphFileError when the file is not one or is cut short.
 */
export function readGraph<M>(
  path: string,
  classes: ClassTable,
  accept: (meta: M) => boolean,
  options: ReadOptions = {},
): { root: unknown; meta: M; bytes: number; fd: number | null } | null {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  // Whether arrays were left in the file (set inside a callback, hence an object).
  const kept = { any: false };
  let done = false;
  try {
    let at = 0;
    const read = (target: Uint8Array): void => {
      readFully(fd, target, at, path);
      at += target.length;
    };
    const skip = (): void => {
      at = Math.ceil(at / ALIGN) * ALIGN;
    };
    const start = Buffer.alloc(MAGIC.length + 4);
    read(start);
    if (!start.subarray(0, MAGIC.length).equals(MAGIC)) throw new GraphFileError(`${path} is not a graph file`);
    const headerBytes = Buffer.alloc(start.readUInt32LE(MAGIC.length));
    read(headerBytes);
    const header = JSON.parse(headerBytes.toString('utf8')) as Header;
    if (!accept(header.meta as M)) return null;
    skip();
    const skeleton = Buffer.alloc(header.skeleton);
    read(skeleton);
    // The end MAGIC follows the skeleton or the last array unaligned: each array starts aligned.
    let end = at;
    const offsets = header.arrays.map((a) => {
      const offset = Math.ceil(end / ALIGN) * ALIGN;
      end = offset + a.bytes;
      return offset;
    });
    const tail = Buffer.alloc(MAGIC.length);
    readFully(fd, tail, end, path);
    if (!tail.equals(MAGIC)) throw new GraphFileError(`${path} does not end where its header says`);
    const onDisk = options.onDisk ?? (() => false);
    const arrays = header.arrays.map((a, i): ArrayBufferView | FileBytes => {
      if (onDisk(a.type)) {
        kept.any = true;
        return new FileBytes(fd, offsets[i]!, a.bytes);
      }
      const array = allocate(a.type, a.bytes);
      readFully(fd, new Uint8Array(array.buffer, array.byteOffset, array.byteLength), offsets[i]!, path);
      return array;
    });
    const root = decode(deserialize(skeleton), classes, arrays);
    done = true;
    return { root, meta: header.meta as M, bytes: end + MAGIC.length, fd: kept.any ? fd : null };
  } finally {
    // Open only for a graph read whole that left arrays in the file.
    if (!done || !kept.any) closeSync(fd);
  }
}

export interface ReadOptions {
  /**
   * Arrays of these types stay in the file: each is a FileBytes read on demand, and the file
   * stays open (`fd` of the result; the caller closes it once the graph is no longer used).
   */
  onDisk?: (type: TypedArrayName) => boolean;
}

/**
 * Bytes of a graph file left on disk (`ReadOptions.onDisk`), read by position when asked for: what
 * a Buffer offers its readers here, `length` and `toString`.
 */
export class FileBytes {
  constructor(
    private readonly fd: number,
    private readonly position: number,
    readonly length: number,
  ) {}

  toString(encoding: BufferEncoding = 'utf8', start = 0, end = this.length): string {
    const bytes = Buffer.allocUnsafe(Math.max(0, Math.min(end, this.length) - start));
    readFully(this.fd, bytes, this.position + start, 'the index file');
    return bytes.toString(encoding);
  }

  /**
   * Reads its bytes from `start`, `scratch.length` at most, and drops them: the system keeps them in
   * its page cache, so that the reads of a few hundred bytes that follow cost microseconds instead
   * of a disk read each (about 0.25 ms). Returns where the next read starts (`length`: done).
   */
  prefetch(start: number, scratch: Buffer): number {
    const end = Math.min(this.length, start + scratch.length);
    if (end > start) readFully(this.fd, scratch.subarray(0, end - start), this.position + start, 'the index file');
    return end;
  }

  /** Writes its bytes to `fd` at `at`, `scratch.length` at a time; returns where they end there. */
  copyTo(fd: number, at: number, scratch: Buffer): number {
    for (let done = 0; done < this.length;) {
      const part = scratch.subarray(0, Math.min(scratch.length, this.length - done));
      readFully(this.fd, part, this.position + done, 'the file of bytes being copied');
      for (let w = 0; w < part.length;) w += writeSync(fd, part, w, part.length - w, at + done + w);
      done += part.length;
    }
    return at + this.length;
  }
}

/** What `FileBytes.copyTo` reads and writes at once. */
const COPY_SLICE = 1 << 20;

/**
 * A temporary file that byte arrays are moved into while a graph is built, so that they leave
 * memory before the graph is written (`writeGraph` copies a FileBytes from its file). The file
 * has no name from the moment it is opened: it is removed when closed, or when the process ends,
 * however it ends.
 * @example
 * const spill = SpillFile.open(dir);
 * const bytes = spill.add(Buffer.from('abc')); // bytes.toString('utf8', 0, 3) === 'abc'
 * writeGraph(path, { bytes }, meta, {}); spill.close();
 */
export class SpillFile {
  private at = 0;
  private closed = false;

  private constructor(private readonly fd: number) {}

  /** A new spill file in `dir` (the file system of the graph file it feeds, so the copy stays local). */
  static open(dir: string): SpillFile {
    const path = join(dir, `.spill.${process.pid}.${Date.now().toString(36)}.${(spills++).toString(36)}.tmp`);
    const fd = openSync(path, 'wx+');
    try {
      rmSync(path);
    } catch (error) {
      closeSync(fd);
      rmSync(path, { force: true });
      throw error;
    }
    return new SpillFile(fd);
  }

  /** Writes the bytes at the file's end and gives them back as a FileBytes over the file. */
  add(bytes: Uint8Array): FileBytes {
    if (this.closed) throw new Error('the spill file is closed');
    for (let done = 0; done < bytes.length;)
      done += writeSync(this.fd, bytes, done, bytes.length - done, this.at + done);
    const kept = new FileBytes(this.fd, this.at, bytes.length);
    this.at += bytes.length;
    return kept;
  }

  /** Bytes written so far. */
  get bytes(): number {
    return this.at;
  }

  /** Closes (and so removes) the file; its FileBytes can no longer be read. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }
}

let spills = 0;

function readFully(fd: number, target: Uint8Array, position: number, path: string): void {
  for (let done = 0; done < target.length;) {
    const n = readSync(fd, target, done, target.length - done, position + done);
    if (n === 0) throw new GraphFileError(`${path} ends early (at byte ${position + done})`);
    done += n;
  }
}

function typeName(a: ArrayBufferView): TypedArrayName {
  if (Buffer.isBuffer(a)) return 'Buffer';
  const name = a.constructor.name;
  if (!(name in ARRAYS)) throw new GraphFileError(`cannot write a ${name}`);
  return name as TypedArrayName;
}

/** A new array of the type, `bytes` long (a buffer of its own). */
function allocate(type: TypedArrayName, bytes: number): ArrayBufferView {
  if (type === 'Buffer') return Buffer.allocUnsafeSlow(bytes);
  const Ctor = (ARRAYS as Partial<typeof ARRAYS>)[type];
  if (Ctor === undefined) throw new GraphFileError(`unknown array type ${type}`);
  return new Ctor(new ArrayBuffer(bytes), 0, bytes / Ctor.BYTES_PER_ELEMENT);
}

const isObject = (v: unknown): v is object => (typeof v === 'object' && v !== null) || typeof v === 'function';

/** The graph as `serialize` can take it: class instances and typed arrays replaced by tags. */
function encode(root: unknown, classes: ClassTable, arrays: (ArrayBufferView | FileBytes)[]): unknown {
  const names = new Map<unknown, string>(Object.entries(classes).map(([name, c]) => [c.prototype, name]));
  const done = new Map<object, unknown>();
  const visit = (v: unknown, path: string): unknown => {
    if (typeof v === 'function' || typeof v === 'symbol')
      throw new GraphFileError(`cannot write a ${typeof v} at ${path}`);
    if (!isObject(v)) return v;
    const seen = done.get(v);
    if (seen !== undefined) return seen;
    if (ArrayBuffer.isView(v) || v instanceof FileBytes) {
      if (v instanceof DataView) throw new GraphFileError(`cannot write a DataView at ${path}`);
      const tag = { [TAG]: 'a', i: arrays.length };
      arrays.push(v);
      done.set(v, tag);
      return tag;
    }
    if (Array.isArray(v)) {
      if (!v.some(isObject)) return keep(v);
      const out: unknown[] = new Array(v.length);
      done.set(v, out);
      for (let i = 0; i < v.length; i++) out[i] = visit(v[i], `${path}[${i}]`);
      return out;
    }
    if (v instanceof Map) {
      let plain = true;
      for (const [k, x] of v) if (isObject(k) || isObject(x)) plain = false;
      if (plain) return keep(v);
      const out = new Map<unknown, unknown>();
      done.set(v, out);
      for (const [k, x] of v) out.set(visit(k, `${path}.key`), visit(x, `${path}.get(${String(k)})`));
      return out;
    }
    if (v instanceof Set) {
      if (![...v].some(isObject)) return keep(v);
      const out = new Set<unknown>();
      done.set(v, out);
      for (const x of v) out.add(visit(x, `${path}.item`));
      return out;
    }
    const proto: unknown = Object.getPrototypeOf(v);
    if (proto === Object.prototype || proto === null) {
      if (TAG in v) throw new GraphFileError(`cannot write an object with a key ${JSON.stringify(TAG)} at ${path}`);
      const out: Record<string, unknown> = {};
      done.set(v, out);
      for (const [k, x] of Object.entries(v)) out[k] = visit(x, `${path}.${k}`);
      return out;
    }
    const name = names.get(proto);
    if (name === undefined) {
      const ctor = (proto as { constructor?: { name?: string } } | undefined)?.constructor?.name ?? 'unknown';
      throw new GraphFileError(`cannot write an instance of ${ctor} at ${path}: not among the classes`);
    }
    const fields: Record<string, unknown> = {};
    const tag = { [TAG]: 'c', c: name, f: fields };
    done.set(v, tag);
    for (const [k, x] of Object.entries(v)) fields[k] = visit(x, `${path}.${k}`);
    return tag;
  };
  const keep = <T extends object>(v: T): T => {
    done.set(v, v);
    return v;
  };
  return visit(root, 'root');
}

/** The graph back from `deserialize`: tags replaced, in place, by the arrays and class instances. */
function decode(root: unknown, classes: ClassTable, arrays: readonly (ArrayBufferView | FileBytes)[]): unknown {
  const done = new Map<object, unknown>();
  const visit = (v: unknown): unknown => {
    if (!isObject(v) || ArrayBuffer.isView(v)) return v;
    const seen = done.get(v);
    if (seen !== undefined) return seen;
    if (Array.isArray(v)) {
      done.set(v, v);
      for (let i = 0; i < v.length; i++) if (isObject(v[i])) v[i] = visit(v[i]);
      return v;
    }
    if (v instanceof Map) {
      done.set(v, v);
      const entries = [...v];
      if (entries.some(([k]) => isObject(k))) {
        v.clear();
        for (const [k, x] of entries) v.set(visit(k), visit(x));
      } else for (const [k, x] of entries) if (isObject(x)) v.set(k, visit(x));
      return v;
    }
    if (v instanceof Set) {
      done.set(v, v);
      const items = [...v];
      if (items.some(isObject)) {
        v.clear();
        for (const x of items) v.add(visit(x));
      }
      return v;
    }
    const record = v as Record<string, unknown>;
    const tag = record[TAG];
    if (tag === 'a') {
      const array = arrays[record.i as number];
      if (array === undefined) throw new GraphFileError(`array ${String(record.i)} is missing`);
      done.set(v, array);
      return array;
    }
    if (tag === 'c') {
      const Class = classes[record.c as string];
      if (Class === undefined) throw new GraphFileError(`class ${String(record.c)} is not among the classes`);
      const instance = Object.create(Class.prototype as object | null) as Record<string, unknown>;
      done.set(v, instance);
      const fields = record.f as Record<string, unknown>;
      for (const k of Object.keys(fields)) instance[k] = visit(fields[k]);
      return instance;
    }
    done.set(v, v);
    for (const k of Object.keys(record)) if (isObject(record[k])) record[k] = visit(record[k]);
    return v;
  };
  return visit(root);
}
