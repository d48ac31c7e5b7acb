const ENGLISH = new Intl.NumberFormat('en-US');

/**
 * Counts in the command line's English output, with English digit grouping (`3,003`). The API's
 * `_formatted` strings keep the contract's German grouping (`3.003`); the terminal speaks English.
 */
export function formatCount(n: number): string {
  return ENGLISH.format(n);
}
