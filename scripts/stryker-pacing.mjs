// The pauses of work done in steps, for StrykerJS (an ignorer plugin; stryker.config.mjs).
// In a Steps generator (src/lib/steps.ts) a bare `yield;` offers the caller a pause and returns
// nothing, so an `if (…) yield;` decides only where the work may pause, never what it computes:
// every mutant of it is equivalent. One rule here marks them all, rather than a directive at each.

/** Why such a mutant is not run (shown in the report). */
export const PACING_REASON = 'equivalent: where work in steps pauses changes only the pauses (src/lib/steps.ts)';

/** A bare `yield;` (a pause), alone or as a block's only statement; a yield with a value is a result. */
function isPause(node) {
  if (node.type === 'BlockStatement') return node.body.length === 1 && isPause(node.body[0]);
  if (node.type !== 'ExpressionStatement') return false;
  const e = node.expression;
  return e.type === 'YieldExpression' && e.argument == null && e.delegate !== true;
}

/** `if (<when>) yield;` without an else: its condition and everything in it is ignored. */
export const pacingIgnorer = {
  shouldIgnore(path) {
    const node = path.node;
    return node.type === 'IfStatement' && node.alternate == null && isPause(node.consequent)
      ? PACING_REASON
      : undefined;
  },
};

export const strykerPlugins = [{ kind: 'Ignore', name: 'pacing', value: pacingIgnorer }];
