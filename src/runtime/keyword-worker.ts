/**
 * The body of a keyword-builder thread (keyword-thread.ts): a KeywordBuilder and a
 * TitleSuggestBuilder fed the searched texts of each batch of documents, in arrival order; on
 * `finish` it inverts in the given document order and hands the index back, its arrays moved, not
 * copied, then makes the title suggestions in that order and hands them back too. The builders are
 * those a build on one thread uses, so the index and the suggestions are the same.
 */
import process from 'node:process';
import { parentPort } from 'node:worker_threads';
import type { Language } from '../domain/vocab.js';
import { KeywordBuilder, SEARCHED_POSITION, SEARCHED_TITLE, type KeywordIndex } from '../search/text/keywords.js';
import { TitleSuggestBuilder, type TitleSuggestIndex } from '../search/text/title-suggest.js';
import { runSteps } from '../lib/steps.js';

/** What the build's thread sends. */
export type KeywordRequest =
  /**
   * A batch of documents: `texts` holds each one's language and then its searched texts, `counts`
   * how many texts each has after its language.
   */
  { type: 'add'; texts: string[]; counts: number[] } | { type: 'finish'; denseRatio: number; order: Uint32Array };

/** What the thread answers: a batch indexed, the index, the title suggestions, or why it failed. */
export type KeywordReply =
  | { type: 'added' }
  | { type: 'index'; index: KeywordIndex }
  | { type: 'titles'; titles: TitleSuggestIndex }
  | { type: 'failed'; message: string };

let builder: KeywordBuilder | null = new KeywordBuilder();
const titles = new TitleSuggestBuilder();

/** Handles a request; `finish` answers twice (the index first: the build waits for it sooner). */
function handle(request: KeywordRequest, reply: (r: KeywordReply) => void): void {
  if (request.type === 'add') {
    const { texts, counts } = request;
    let at = 0;
    for (const count of counts) {
      builder!.addFields(texts[at] as Language, texts, at + 1, at + 1 + count);
      titles.add(texts[at + 1 + SEARCHED_TITLE]!, texts[at + 1 + SEARCHED_POSITION]!);
      at += 1 + count;
    }
    reply({ type: 'added' });
    return;
  }
  reply({ type: 'index', index: runSteps(builder!.finishSteps(request.denseRatio, request.order)) });
  // The build's thread has its own copy of the vocabulary now: this one's can go.
  builder = null;
  reply({ type: 'titles', titles: runSteps(titles.finishSteps(request.order)) });
  // And so can the whole thread, at once, rather than when the build is done with it.
  process.exit(0);
}

/** The index's own arrays, moved to the build's thread instead of copied. */
function transferOf(index: KeywordIndex): ArrayBuffer[] {
  const arrays = [index.tfOffsets, index.tfs, index.docOffsets, index.docs, index.docLength];
  for (const bits of index.dense) if (bits !== null) arrays.push(bits);
  for (const { terms } of index.vocab.values()) arrays.push(terms);
  return arrays.map((a) => a.buffer as ArrayBuffer);
}

function send(reply: KeywordReply): void {
  parentPort?.postMessage(reply, reply.type === 'index' ? transferOf(reply.index) : []);
}

parentPort?.on('message', (request: KeywordRequest) => {
  try {
    handle(request, send);
  } catch (error) {
    send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
});
