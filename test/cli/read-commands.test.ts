/** The commands that only read a store never create one, and the CLI tells its version. */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliFixture, ROOT } from './cli-process.js';

const { dir, run } = cliFixture('read-commands-');

describe('export, stats and index without a store', { timeout: 120_000 }, () => {
  it.each(['export', 'stats', 'index'])(
    '%s with DATABASE_URL unset refuses, names the default and creates no ./data/jobs.db',
    async (verb) => {
      const cwd = join(dir, `empty-${verb}`);
      mkdirSync(cwd);
      const r = run([verb], {}, cwd);
      expect((await r.exited).code).toBe(1);
      expect(r.stderr()).toBe(
        'jobsearch: there is no store at ./data/jobs.db (DATABASE_URL is not set: the default). Fill one first ' +
          '(npm start loads demo postings into a new one; "jobsearch import <file>" imports yours), or set DATABASE_URL to your store.\n',
      );
      expect(existsSync(join(cwd, 'data'))).toBe(false);
    },
  );

  it('export refuses a DATABASE_URL file that is not there, and leaves it not there', async () => {
    const path = join(dir, 'typo.db');
    const r = run(['export'], { DATABASE_URL: path });
    expect((await r.exited).code).toBe(1);
    expect(r.stderr()).toContain(`there is no store at DATABASE_URL=${path}.`);
    expect(existsSync(path)).toBe(false);
  });
});

describe('jobsearch --version', { timeout: 60_000 }, () => {
  it("prints package.json's version", async () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const r = run(['--version'], {});
    expect((await r.exited).code).toBe(0);
    expect(r.stdout()).toBe(`${version}\n`);
  });
});
