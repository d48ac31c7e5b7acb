import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { chooseLogOutput, serveLogger, terminalLine } from '../../src/cli/log-output.js';
import { loadConfig } from '../../src/config.js';
import { pageUrlBefore, welcome } from '../../src/cli/welcome.js';

function captured(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (c: Buffer) => (text += c.toString()));
  return { stream, text: () => text };
}

describe('where the logs of serve go', () => {
  it.each([
    [true, false, 'terminal'],
    [true, true, 'json'],
    [false, false, 'json'],
    [false, true, 'json'],
  ] as const)('stdout a terminal: %s, --log-json: %s -> %s', (terminal, flag, output) => {
    expect(chooseLogOutput(terminal, flag)).toBe(output);
  });

  it('at a terminal shows warnings as one short line on stderr and keeps info back, unless LOG_LEVEL is set', () => {
    const config = loadConfig({});
    const quiet = captured();
    const log = serveLogger(config, 'terminal', false, quiet.stream);
    log.info({ url: 'http://x' }, 'listening');
    log.warn({ reason: 'connection refused' }, 'change notifications lost; polling until back');
    expect(quiet.text()).toBe(
      'jobsearch: warn: change notifications lost; polling until back (reason=connection refused)\n',
    );

    const chatty = captured();
    serveLogger(loadConfig({ LOG_LEVEL: 'info' }), 'terminal', true, chatty.stream).info({ n: 3 }, 'loaded');
    expect(chatty.text()).toBe('jobsearch: info: loaded (n=3)\n');
  });

  it('writes a line that is not JSON as it is', () => {
    expect(terminalLine('plain words\n')).toBe('jobsearch: plain words');
  });
});

describe('the page address of the first line', () => {
  it.each([
    ['0.0.0.0', 3000, 'http://localhost:3000/'],
    ['::', 8080, 'http://localhost:8080/'],
    ['127.0.0.1', 3000, 'http://127.0.0.1:3000/'],
    ['::1', 3000, 'http://[::1]:3000/'],
    ['0.0.0.0', 0, null],
  ] as const)('host %s port %s -> %s', (host, port, url) => {
    expect(pageUrlBefore(host, port)).toBe(url);
  });

  it('tells a person at a terminal where the logs are', () => {
    const facts = { url: 'http://0.0.0.0:3000', host: '0.0.0.0', documents: 3, page: true };
    expect(welcome(facts, 'terminal').at(-1)).toMatch(/warnings and errors show here .*--log-json/);
    expect(welcome(facts, 'json').at(-1)).toMatch(/^ {2}JSON logs go to stdout/);
  });
});
