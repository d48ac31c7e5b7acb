import { Chunked } from '../postings/chunked.js';

/**
 * A keyword build's forward index: the distinct terms of each document, with their counts, in the
 * order the documents arrive, packed as bytes (the title suggestions keep each document's title
 * words in one too, each counted once). Each term is a variable-length number (seven bits a
 * byte, the high bit set on all but the last) holding `term * 2 + (count > 1)`, followed by the
 * count in a byte when it is more than 1. A word's term is numbered when it is first met, so the
 * frequent words of a corpus have small numbers: over the benchmark's 100k postings (10.1 million
 * terms of documents, 28 % of them counted more than once) a term takes 2.25 bytes here instead of
 * the 5 (a 32-bit term and a byte of count) it took as two typed lists. The forward index lives
 * until the inversion has written the posting lists beside it (keywords.ts, `finishSteps`), the
 * builder's peak: at 1M the keyword thread then held 241 MB instead of 471 MB.
 *
 * @example const list = new ForwardList(); list.add(7, 1); list.add(300, 2); list.endDocument();
 *   list.forEachTerm(0, (term, count) => …) // (7, 1), then (300, 2)
 */
export class ForwardList {
  private readonly bytes = new Chunked((size) => new Uint8Array(size));
  /** Per document: where its bytes end (they start where the previous document's end). */
  private readonly ends = new Chunked((size) => new Uint32Array(size));

  /** Documents ended so far. */
  get documents(): number {
    return this.ends.length;
  }

  /** Bytes the packed terms take. */
  get byteLength(): number {
    return this.bytes.length;
  }

  /**
   * Adds a term of the document being added: `term` below 2^31 (a term number is an index of an
   * array), `count` from 1 to 255 (keywords.ts caps it at MAX_TF).
   */
  add(term: number, count: number): void {
    const many = count > 1;
    let v = term * 2 + (many ? 1 : 0);
    while (v >= 0x80) {
      this.bytes.push((v & 0x7f) | 0x80);
      v >>>= 7;
    }
    this.bytes.push(v);
    if (many) this.bytes.push(count);
  }

  /** The document being added has all its terms: the next `add` begins the next document. */
  endDocument(): void {
    this.ends.push(this.bytes.length);
  }

  /** Calls `visit` with each term of document `doc` (its arrival number) and its count, in the order they were added. */
  forEachTerm(doc: number, visit: (term: number, count: number) => void): void {
    const bytes = this.bytes;
    let i = doc === 0 ? 0 : this.ends.get(doc - 1);
    const end = this.ends.get(doc);
    while (i < end) {
      let byte = bytes.get(i++);
      let v = byte & 0x7f;
      for (let shift = 7; byte >= 0x80; shift += 7) {
        byte = bytes.get(i++);
        v += (byte & 0x7f) * 2 ** shift;
      }
      const term = Math.floor(v / 2);
      visit(term, v % 2 === 1 ? bytes.get(i++) : 1);
    }
  }

  /** Empties the list and lets its memory go. */
  clear(): void {
    this.bytes.clear();
    this.ends.clear();
  }
}
