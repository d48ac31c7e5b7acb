/**
 * The body of a keyword-builder thread (keyword-thread.ts): a KeywordBuilder fed the searched
 * texts of each batch of documents, in arrival order; on `finish` it inverts in the given
 * document order and hands the index back, its arrays moved, not copied. The builder is the same
 * as a build on one thread uses, so the index is the same.
 */
import { parentPort } from 'node:worker_threads';
import type { Language } from '../domain/vocab.js';
import { KeywordBuilder, type KeywordIndex } from '../search/keywords.js';
import { runSteps } from '../search/steps.js';

/** What the build's thread sends. */
export type KeywordRequest =
  /**
   * A batch of documents: `texts` holds each one's language and then its searched texts, `counts`
   * how many texts each has after its language.
   */
  { type: 'add'; texts: string[]; counts: number[] } | { type: 'finish'; denseRatio: number; order: Uint32Array };

/** What the thread answers: a batch indexed, the index, or why it failed. */
export type KeywordReply =
  { type: 'added' } | { type: 'index'; index: KeywordIndex } | { type: 'failed'; message: string };

const builder = new KeywordBuilder();

function handle(request: KeywordRequest): KeywordReply {
  if (request.type === 'add') {
    const { texts, counts } = request;
    let at = 0;
    for (const count of counts) {
      builder.addFields(texts[at] as Language, texts, at + 1, at + 1 + count);
      at += 1 + count;
    }
    return { type: 'added' };
  }
  return { type: 'index', index: runSteps(builder.finishSteps(request.denseRatio, request.order)) };
}

/** The index's own arrays, moved to the build's thread instead of copied. */
function transferOf(index: KeywordIndex): ArrayBuffer[] {
  const arrays = [index.tfOffsets, index.tfs, index.docOffsets, index.docs, index.docLength];
  for (const bits of index.dense) if (bits !== null) arrays.push(bits);
  for (const { terms } of index.vocab.values()) arrays.push(terms);
  return arrays.map((a) => a.buffer as ArrayBuffer);
}

parentPort?.on('message', (request: KeywordRequest) => {
  let reply: KeywordReply;
  try {
    reply = handle(request);
  } catch (error) {
    reply = { type: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply, reply.type === 'index' ? transferOf(reply.index) : []);
});
