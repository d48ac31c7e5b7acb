import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { Command, CommanderError } from 'commander';
import { afterAll, describe, expect, it } from 'vitest';
import { registerGenerate, writeLines } from '../../src/cli/commands/generate.js';

const dir = mkdtempSync(join(tmpdir(), 'generate-cli-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function program(): { cmd: Command; errors: string[] } {
  const errors: string[] = [];
  const cmd = new Command('jobsearch')
    .exitOverride()
    .configureOutput({ writeErr: (s) => errors.push(s), writeOut: () => {} });
  registerGenerate(cmd);
  return { cmd, errors };
}

/** Runs the command; a usage error (Commander's exit) is an answer, anything else fails the test. */
async function run(...args: string[]): Promise<{ errors: string; exitCode: number }> {
  const { cmd, errors } = program();
  try {
    await cmd.parseAsync(['node', 'jobsearch', 'generate', ...args]);
    return { errors: errors.join(''), exitCode: 0 };
  } catch (err) {
    if (!(err instanceof CommanderError)) throw err;
    return { errors: errors.join(''), exitCode: err.exitCode };
  }
}

describe('generate command', () => {
  it('rejects a count that is not a positive integer with a clear message', async () => {
    for (const bad of ['0', '-3', '2.5', 'abc']) {
      const { errors, exitCode } = await run('--count', bad);
      expect(errors).toMatch(/count must be a positive integer/);
      expect(exitCode).toBe(1);
    }
  });

  it('rejects a seed that is not an integer', async () => {
    expect(await run('--count', '5', '--seed', '1.5')).toEqual({
      errors: expect.stringMatching(/seed must be an integer/),
      exitCode: 1,
    });
  });

  it('requires --count', async () => {
    expect(await run()).toEqual({ errors: expect.stringMatching(/--count/), exitCode: 1 });
  });

  it('writes the same NDJSON for the same seed and date', async () => {
    const a = join(dir, 'a.ndjson');
    const b = join(dir, 'b.ndjson');
    expect(await run('--count', '25', '--seed', '3', '--now', '2025-06-01', '--out', a)).toEqual({
      errors: '',
      exitCode: 0,
    });
    expect(await run('--count', '25', '--seed', '3', '--now', '2025-06-01', '--out', b)).toEqual({
      errors: '',
      exitCode: 0,
    });
    const lines = readFileSync(a, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(25);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ '@type': 'JobPosting' });
    expect(readFileSync(b, 'utf8')).toBe(readFileSync(a, 'utf8'));
  });
});

describe('writeLines', () => {
  it('stops quietly when the reader goes away (EPIPE)', async () => {
    let writes = 0;
    const out = new Writable({
      write(_chunk, _enc, cb) {
        writes++;
        cb(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      },
    });
    function* endless(): Generator<object> {
      for (;;) yield { a: 1 };
    }
    await expect(writeLines(out, endless(), false)).resolves.toBeGreaterThan(0);
    expect(writes).toBe(1);
  });

  it('rejects on any other write error', async () => {
    const out = new Writable({
      write(_chunk, _enc, cb) {
        cb(Object.assign(new Error('disk full'), { code: 'ENOSPC' }));
      },
    });
    await expect(
      writeLines(
        out,
        Array.from({ length: 2000 }, () => ({ a: 1 })),
        true,
      ),
    ).rejects.toThrow(/disk full/);
  });
});
