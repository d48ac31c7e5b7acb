/**
 * Whether two saved index files hold the same index: their headers and typed arrays byte for byte,
 * their skeletons value for value (V8 may write one number as an integer in one run and a double
 * in another, so two builds of one store differ there in bytes, not in values). Exits 1 when they
 * differ, naming the first paths that do. A check, not a measurement.
 *
 *   npx tsx bench/compare-index-files.ts <file> <file>
 *
 * With `bench/index-builder.ts --now <ms> --keep <file> [--dist <folder>]`: two builds of one
 * store at one moment, by two versions of the builder.
 */
import { readFileSync } from 'node:fs';
import process from 'node:process';
import { isDeepStrictEqual } from 'node:util';
import { deserialize } from 'node:v8';

/** The graph file's layout (src/lib/graph-file.ts): magic, header length, header, skeleton, arrays, each 8-aligned. */
function parts(file: string): {
  header: { meta: unknown; skeleton: number; arrays: unknown };
  skeleton: unknown;
  arrays: Buffer;
} {
  const bytes = readFileSync(file);
  const headerLength = bytes.readUInt32LE(8);
  const header = JSON.parse(bytes.subarray(12, 12 + headerLength).toString('utf8')) as {
    meta: unknown;
    skeleton: number;
    arrays: unknown;
  };
  const aligned = (at: number): number => Math.ceil(at / 8) * 8;
  const skeletonAt = aligned(12 + headerLength);
  return {
    header,
    skeleton: deserialize(bytes.subarray(skeletonAt, skeletonAt + header.skeleton)) as unknown,
    arrays: bytes.subarray(aligned(skeletonAt + header.skeleton)),
  };
}

/** Up to `left` paths where a and b differ. */
function differences(a: unknown, b: unknown, path: string, out: string[], left = 10): void {
  if (out.length >= left || isDeepStrictEqual(a, b)) return;
  if (a instanceof Map && b instanceof Map) {
    for (const key of new Set([...a.keys(), ...b.keys()]))
      differences(a.get(key), b.get(key), `${path}[${String(key)}]`, out, left);
  } else if (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null) {
    const ra = a as Record<string, unknown>;
    const rb = b as Record<string, unknown>;
    for (const key of new Set([...Object.keys(ra), ...Object.keys(rb)]))
      differences(ra[key], rb[key], `${path}.${key}`, out, left);
  }
  if (out.length < left && !out.some((p) => p.startsWith(path))) out.push(path || '(root)');
}

const [fileA, fileB] = process.argv.slice(2);
if (fileA === undefined || fileB === undefined) throw new Error('usage: compare-index-files.ts <file> <file>');
const a = parts(fileA);
const b = parts(fileB);
const arrays =
  isDeepStrictEqual(a.header.meta, b.header.meta) &&
  isDeepStrictEqual(a.header.arrays, b.header.arrays) &&
  a.arrays.equals(b.arrays);
const skeleton = isDeepStrictEqual(a.skeleton, b.skeleton);
const differing: string[] = [];
if (!skeleton) differences(a.skeleton, b.skeleton, '', differing);
console.log(JSON.stringify({ headerAndArrays: arrays, skeleton, differing }));
process.exitCode = arrays && skeleton ? 0 : 1;
