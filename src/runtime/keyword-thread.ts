/**
 * A full build's keyword index and title suggestions made in a thread of its own
 * (keyword-worker.ts). Tokenising every searched text is a full build's busiest pass (a fifth of it
 * at 100k; docs/live-data-log.md, "A first start on both cores"), and needs nothing of the rest:
 * the build's thread hands each batch of documents' searched texts on as it reads them and goes on
 * parsing and making cards, while this thread indexes them; at the end it inverts while the build's
 * thread makes the cards' columns, then makes the title suggestions while the build's thread makes
 * the facet columns. What comes back is what a build on one thread makes (the same builders run
 * there, fed the same texts in the same order).
 *
 * Its steps and its `pause` go together: the steps yield while the thread has not answered, and
 * `pause` waits for the thread's next message, so the caller (SearchIndex.buildStreaming) runs them
 * with it. A thread that fails or ends fails the build, with its reason; `close` ends the thread.
 */
import type { Worker } from 'node:worker_threads';
import type { Job } from '../domain/job.js';
import { workerBeside } from '../lib/module-beside.js';
import { languageOf, searchedTexts, type KeywordIndex, type KeywordSink } from '../search/text/keywords.js';
import { SETTLED, type Steps } from '../lib/steps.js';
import type { TitleSuggestIndex } from '../search/text/title-suggest.js';
import type { KeywordReply, KeywordRequest } from './keyword-worker.js';

/**
 * Batches handed on that the thread has not indexed yet, beyond which `pause` waits: the texts
 * waiting in memory stay a few MB however far the thread falls behind.
 */
export const MAX_WAITING_BATCHES = 16;

export class KeywordThread implements KeywordSink {
  readonly concurrent = true;
  private readonly worker: Worker;
  private texts: string[] = [];
  private counts: number[] = [];
  private waiting = 0;
  private finishingStarted = false;
  private result: KeywordIndex | null = null;
  private titles: TitleSuggestIndex | null = null;
  private failure: Error | null = null;
  private wake: (() => void) | null = null;
  /** Whether `pause` ran since the steps last yielded (steps run without it would never see an answer). */
  private paused = true;
  /** The answer the steps wait for, while they do: `pause` waits for the thread only then. */
  private awaiting: (() => unknown) | null = null;

  constructor() {
    this.worker = workerBeside(import.meta.url, 'keyword-worker', {});
    this.worker.on('message', (reply: KeywordReply) => {
      if (reply.type === 'added') this.waiting--;
      else if (reply.type === 'index') this.result = reply.index;
      else if (reply.type === 'titles') this.titles = reply.titles;
      else this.fail(new Error(`the keyword index thread failed: ${reply.message}`));
      this.wakeUp();
    });
    this.worker.on('error', (error) => {
      this.fail(new Error(`the keyword index thread failed: ${error.message}`));
    });
    this.worker.on('exit', (code) => {
      if (this.titles === null) this.fail(new Error(`the keyword index thread ended (code ${code})`));
    });
  }

  addDocument(job: Job): void {
    this.texts.push(languageOf(job));
    this.counts.push(searchedTexts(job, this.texts));
  }

  flush(): void {
    this.throwIfFailed();
    if (this.counts.length === 0) return;
    const request: KeywordRequest = { type: 'add', texts: this.texts, counts: this.counts };
    this.worker.postMessage(request);
    this.waiting++;
    this.texts = [];
    this.counts = [];
  }

  finishing(denseRatio: number, order: Uint32Array): Steps<KeywordIndex> {
    this.flush();
    if (this.finishingStarted) throw new Error('the keyword index thread was already asked to finish');
    this.finishingStarted = true;
    const request: KeywordRequest = { type: 'finish', denseRatio, order };
    this.worker.postMessage(request);
    return this.answer(() => this.result);
  }

  /**
   * Settled at once unless there is something to wait for: more batches waiting in the thread
   * than MAX_WAITING_BATCHES while documents are added, or the answer the steps are waiting for
   * (not before: the caller's own steps run meanwhile). Then resolves at the thread's next message,
   * or its failure.
   */
  pause(): Promise<void> {
    this.paused = true;
    if (this.failure !== null) return SETTLED;
    const behind =
      this.awaiting !== null ? this.awaiting() === null : !this.finishingStarted && this.waiting > MAX_WAITING_BATCHES;
    if (!behind) return SETTLED;
    return new Promise((resolve) => (this.wake = resolve));
  }

  /** Ends the thread (a build that is done, or stopped); the index, once given, is the caller's. */
  async close(): Promise<void> {
    this.fail(new Error('the keyword index thread was closed'));
    await this.worker.terminate();
  }

  titleSuggestions(): Steps<TitleSuggestIndex> {
    return this.answer(() => this.titles);
  }

  /** Steps that yield until `get` gives the thread's answer (the index, the title suggestions). */
  private *answer<T>(get: () => T | null): Steps<T> {
    for (;;) {
      const answer = get();
      if (answer !== null) {
        this.awaiting = null;
        return answer;
      }
      this.throwIfFailed();
      if (!this.paused) throw new Error("a keyword index thread's steps run without its pause would wait forever");
      this.paused = false;
      this.awaiting = get;
      yield;
    }
  }

  private throwIfFailed(): void {
    if (this.failure !== null && (this.result === null || this.titles === null)) throw this.failure;
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.wakeUp();
  }

  private wakeUp(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}
