import { statSync } from 'node:fs';

/** The identity of a file: the same device and inode is the same file, whatever its name. */
interface FileIdentity {
  dev: number;
  ino: number;
}

/**
 * Watches that a SQLite store's path still names the file this process opened. A SQLite
 * connection keeps reading its open file after `rm` or a `mv` over it, so without this check the
 * server would serve the old data while imports write to a new file it never reads.
 */
export class StoreFileGuard {
  readonly #path: string;
  readonly #opened: FileIdentity;

  /** Takes the identity of the file at `path` now (call right after opening it). */
  constructor(path: string) {
    this.#path = path;
    const stats = statSync(path);
    this.#opened = { dev: stats.dev, ino: stats.ino };
  }

  /** Null while the path names the opened file; else why it no longer does. */
  check(): string | null {
    let stats;
    try {
      stats = statSync(this.#path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return code === 'ENOENT'
        ? `the store file ${this.#path} was removed while the server had it open; restart the server (after "jobsearch init" or a restore)`
        : `the store file ${this.#path} cannot be checked: ${code ?? String(error)}`;
    }
    if (stats.dev === this.#opened.dev && stats.ino === this.#opened.ino) return null;
    return `the store file ${this.#path} was replaced by another file while the server had the old one open; restart the server to serve the new one`;
  }
}
