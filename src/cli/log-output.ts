import { pino, type Logger } from 'pino';
import type { Config } from '../config.js';

/** Where the logs of `serve` go: JSON lines on stdout, or short lines for a person on stderr. */
export type LogOutput = 'json' | 'terminal';

/**
 * JSON logs when stdout is not a terminal (a service manager, a container, a pipe) or when asked
 * for (`--log-json`); at a terminal the person reads the welcome lines first and only what needs
 * them (warnings and errors, or LOG_LEVEL's level when it is set), as short lines on stderr.
 */
export function chooseLogOutput(stdoutIsTerminal: boolean, logJson: boolean): LogOutput {
  return logJson || !stdoutIsTerminal ? 'json' : 'terminal';
}

const LEVEL_NAMES: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};
/** pino's own fields, left out of a terminal line. */
const HIDDEN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime']);

/** One pino JSON line as a person reads it: `jobsearch: warn: <message> (key=value, ...)`. */
export function terminalLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return `jobsearch: ${json.trim()}`;
  }
  const level = LEVEL_NAMES[Number(entry['level'])] ?? String(entry['level']);
  const rest = Object.entries(entry)
    .filter(([key]) => !HIDDEN.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const msg = entry['msg'];
  const message = typeof msg === 'string' ? msg : JSON.stringify(msg ?? '');
  return `jobsearch: ${level}: ${message}${rest.length > 0 ? ` (${rest.join(', ')})` : ''}`;
}

/** The logger of `serve` for that output. */
export function serveLogger(
  config: Config,
  output: LogOutput,
  levelGiven: boolean,
  stderr: NodeJS.WritableStream = process.stderr,
): Logger {
  if (output === 'json') return pino({ level: config.logLevel });
  const level = levelGiven ? config.logLevel : 'warn';
  return pino({ level }, { write: (line: string) => void stderr.write(`${terminalLine(line)}\n`) });
}
