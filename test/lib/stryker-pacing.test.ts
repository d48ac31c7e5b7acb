import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Instrumenter } from '@stryker-mutator/instrumenter';
import type { Logger } from '@stryker-mutator/api/logging';
import { describe, expect, it } from 'vitest';
import { PACING_REASON, pacingIgnorer, type SyntaxNode } from '../../scripts/stryker-pacing.mjs';

const pause: SyntaxNode = {
  type: 'ExpressionStatement',
  expression: { type: 'YieldExpression', argument: null, delegate: false },
};
const ifThen = (consequent: SyntaxNode, alternate: SyntaxNode | null = null): SyntaxNode => ({
  type: 'IfStatement',
  test: { type: 'Identifier', name: 'due' },
  consequent,
  alternate,
});

describe('the pacing ignorer of mutation testing', () => {
  it('ignores an if whose only statement is a bare yield, and nothing else', () => {
    const cases: [string, SyntaxNode, string | undefined][] = [
      ['if (due) yield;', ifThen(pause), PACING_REASON],
      ['if (due) { yield; }', ifThen({ type: 'BlockStatement', body: [pause] }), PACING_REASON],
      [
        'if (due) { yield; n++; }',
        ifThen({ type: 'BlockStatement', body: [pause, { type: 'EmptyStatement' }] }),
        undefined,
      ],
      ['if (due) yield; else n++;', ifThen(pause, { type: 'EmptyStatement' }), undefined],
      [
        'if (due) yield doc;',
        ifThen({
          type: 'ExpressionStatement',
          expression: { type: 'YieldExpression', argument: { type: 'Identifier', name: 'doc' }, delegate: false },
        }),
        undefined,
      ],
      [
        'if (due) yield* more();',
        ifThen({
          type: 'ExpressionStatement',
          expression: { type: 'YieldExpression', argument: { type: 'CallExpression' }, delegate: true },
        }),
        undefined,
      ],
      ['if (due) return;', ifThen({ type: 'ReturnStatement', argument: null }), undefined],
      ['yield; (not in an if)', pause, undefined],
    ];
    for (const [code, node, reason] of cases)
      expect([code, pacingIgnorer.shouldIgnore({ node })]).toEqual([code, reason]);
  });

  it("makes StrykerJS's instrumenter ignore exactly the mutants of the engine's pauses", async () => {
    const silent: Logger = {
      isTraceEnabled: () => false,
      isDebugEnabled: () => false,
      isInfoEnabled: () => false,
      isWarnEnabled: () => false,
      isErrorEnabled: () => false,
      isFatalEnabled: () => false,
      trace: () => undefined,
      debug: () => undefined,
      info: () => undefined,
      warn: () => undefined,
      error: () => undefined,
      fatal: () => undefined,
    };
    const files = ['src/search/columns/columns.ts', 'src/search/columns/board-order.ts', 'src/search/text/suggest.ts'];
    const result = await new Instrumenter(silent).instrument(
      files.map((name) => ({ name, content: readFileSync(name, 'utf8'), mutate: true })),
      { plugins: null, excludedMutations: [], ignorers: [pacingIgnorer], noHeader: true },
    );
    const pauseLines = new Set(
      files.flatMap((name) =>
        readFileSync(name, 'utf8')
          .split('\n')
          .flatMap((line, i) => (/^\s*if \(.*\) yield;$/.test(line) ? [`${name}:${i}`] : [])),
      ),
    );
    const ignored = new Set<string>();
    for (const m of result.mutants) {
      const at = `${m.fileName}:${m.location.start.line}`;
      const byPacing = m.statusReason === PACING_REASON;
      expect([at, m.mutatorName, byPacing]).toEqual([at, m.mutatorName, pauseLines.has(at)]);
      if (byPacing) ignored.add(at);
    }
    // Every pause had mutants, all of them ignored (a pause none of whose mutants were made would be missed above).
    expect([...ignored].sort()).toEqual([...pauseLines].sort());
    expect(pauseLines.size).toBeGreaterThanOrEqual(5);
  });

  it('leaves no directive of its own at a pause in src/', () => {
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
      );
    const directives = sources('src').flatMap((file) => {
      const lines = readFileSync(file, 'utf8').split('\n');
      return lines.flatMap((line, i) =>
        line.includes('Stryker disable next-line') && /^\s*if \(.*\) yield;$/.test(lines[i + 1] ?? '')
          ? [`${file}:${i + 1}`]
          : [],
      );
    });
    expect(directives).toEqual([]);
  });
});
