/** A syntax node as Babel (and so StrykerJS) shapes it: only what the ignorer reads. */
export interface SyntaxNode {
  readonly type: string;
  readonly [key: string]: unknown;
}

export const PACING_REASON: string;
export const pacingIgnorer: { shouldIgnore(path: { readonly node: SyntaxNode }): string | undefined };
export const strykerPlugins: readonly { kind: 'Ignore'; name: string; value: typeof pacingIgnorer }[];
