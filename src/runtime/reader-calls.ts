import type { SearchReader } from '../search/segments/search-index.js';

/** The queries an index worker answers: SearchReader's methods (its `size` comes with each report). */
export type ReaderMethod = Exclude<keyof SearchReader, 'size'>;
export type ArgsOf<M extends ReaderMethod> = Parameters<SearchReader[M]>;
export type ResultOf<M extends ReaderMethod> = ReturnType<SearchReader[M]>;

/**
 * Each query by name, as the worker runs it on its index: the one table between the request
 * thread and the index worker (a method missing here, or one SearchReader lacks, fails to compile).
 */
export const READER_CALLS: {
  readonly [M in ReaderMethod]: (index: SearchReader, args: ArgsOf<M>) => ResultOf<M>;
} = {
  count: (index, args) => index.count(...args),
  list: (index, args) => index.list(...args),
  facets: (index, args) => index.facets(...args),
  facetsAsRead: (index, args) => index.facetsAsRead(...args),
  countAsRead: (index, args) => index.countAsRead(...args),
  listAsRead: (index, args) => index.listAsRead(...args),
  didYouMean: (index, args) => index.didYouMean(...args),
  highlight: (index, args) => index.highlight(...args),
  suggestLocations: (index, args) => index.suggestLocations(...args),
  suggestCompanies: (index, args) => index.suggestCompanies(...args),
  suggestTitles: (index, args) => index.suggestTitles(...args),
  resolveLocation: (index, args) => index.resolveLocation(...args),
  resolveCompany: (index, args) => index.resolveCompany(...args),
};

/** One call as it crosses to the worker: a query of the table and its arguments. */
export interface CallOf<M extends ReaderMethod> {
  /** Increases with every call on one worker; the reply carries it back. */
  id: number;
  method: M;
  args: ArgsOf<M>;
}
export type CallRequest = { [M in ReaderMethod]: CallOf<M> }[ReaderMethod];

export type CallReply = { id: number } & ({ ok: true; value: unknown } | { ok: false; message: string });

/** Whether a name (from a message) is a query of the table. */
export function isReaderMethod(name: string): name is ReaderMethod {
  return Object.hasOwn(READER_CALLS, name);
}

/** Runs one call of the table on `index`. */
export function answerCall<M extends ReaderMethod>(index: SearchReader, method: M, args: ArgsOf<M>): ResultOf<M> {
  return READER_CALLS[method](index, args);
}

/**
 * A reader whose every query is `call(method, args)`: the request thread's side of the table.
 * @example remoteReader(() => 0, (method, args) => answerCall(index, method, args)).count({})
 */
export function remoteReader(
  size: () => number,
  call: <M extends ReaderMethod>(method: M, args: ArgsOf<M>) => ResultOf<M>,
): SearchReader {
  return {
    get size() {
      return size();
    },
    count: (...args) => call('count', args),
    list: (...args) => call('list', args),
    facets: (...args) => call('facets', args),
    facetsAsRead: (...args) => call('facetsAsRead', args),
    countAsRead: (...args) => call('countAsRead', args),
    listAsRead: (...args) => call('listAsRead', args),
    didYouMean: (...args) => call('didYouMean', args),
    highlight: (...args) => call('highlight', args),
    suggestLocations: (...args) => call('suggestLocations', args),
    suggestCompanies: (...args) => call('suggestCompanies', args),
    suggestTitles: (...args) => call('suggestTitles', args),
    resolveLocation: (...args) => call('resolveLocation', args),
    resolveCompany: (...args) => call('resolveCompany', args),
  };
}
