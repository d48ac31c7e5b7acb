/**
 * Bounds on what one import reads, so that a hostile or broken feed costs a bounded amount of
 * memory and time: the longest NDJSON line (or JSON array element), the most bytes one input may
 * decompress to, and the highest gzip ratio (a gzip bomb is refused early, after BOMB_GRACE_BYTES).
 */
export interface ReadLimits {
  /** Longest record: an NDJSON line or a JSON array element (characters); a longer one is a reject. */
  maxLineBytes: number;
  /** Most bytes one input (one file of a directory) may hold once decompressed; past it nothing is imported. */
  maxInputBytes: number;
  /** Highest ratio of decompressed to compressed bytes of a gzip input; past it nothing is imported. */
  maxGzipRatio: number;
}

const MIB = 1024 * 1024;

export const DEFAULT_READ_LIMITS: ReadLimits = {
  maxLineBytes: 4 * MIB,
  maxInputBytes: 16 * 1024 * MIB,
  maxGzipRatio: 100,
};

/** Decompressed bytes after which the gzip ratio is checked (a small input may compress better). */
export const BOMB_GRACE_BYTES = 4 * MIB;

/** A JSON document (not NDJSON, not an array) or an HTML page is read whole: at most this much. */
export const MAX_DOCUMENT_BYTES = 64 * MIB;

/** The environment variables and CLI flags that set each limit (megabytes, and a plain ratio). */
export const READ_LIMIT_SETTINGS = {
  maxLineBytes: { env: 'IMPORT_MAX_LINE_MB', flag: '--max-line-mb', scale: MIB },
  maxInputBytes: { env: 'IMPORT_MAX_INPUT_MB', flag: '--max-input-mb', scale: MIB },
  maxGzipRatio: { env: 'IMPORT_MAX_GZIP_RATIO', flag: '--max-gzip-ratio', scale: 1 },
} as const;

/**
 * The limits from CLI flag values (first) and environment variables, each a positive number
 * (megabytes may be fractional); an error message naming the flag or variable otherwise.
 */
export function readLimitsFrom(
  flags: Partial<Record<keyof ReadLimits, string>>,
  env: NodeJS.ProcessEnv,
): { ok: true; limits: ReadLimits } | { ok: false; message: string } {
  const limits = { ...DEFAULT_READ_LIMITS };
  for (const name of Object.keys(READ_LIMIT_SETTINGS) as (keyof ReadLimits)[]) {
    const setting = READ_LIMIT_SETTINGS[name];
    const [label, text] = flags[name] !== undefined ? [setting.flag, flags[name]] : [setting.env, env[setting.env]];
    if (text === undefined || text === '') continue;
    if (!/^\d+(\.\d+)?$/.test(text) || Number(text) <= 0) {
      return { ok: false, message: `${label} must be a positive number (got ${JSON.stringify(text)})` };
    }
    limits[name] = Math.max(1, Math.floor(Number(text) * setting.scale));
  }
  return { ok: true, limits };
}

export function formatMib(bytes: number): string {
  return `${Math.round((bytes / MIB) * 100) / 100} MiB`;
}
