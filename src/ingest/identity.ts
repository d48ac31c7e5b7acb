/**
 * Identity of a posting across imports.
 *
 * key:     `<source>:<identifier>`, else `<source>:<url>`, else `<source>:h<16 hex of sha1(company|title|place)>`
 *          (company, title and place lower-cased and whitespace-collapsed, so trivial re-formatting
 *          does not create a new posting).
 * boardId: the identifier itself when it is all digits and at most 15 of them (kept as written,
 *          leading zeros included); else a number derived from the key: the first 13 hex digits of
 *          sha1(key) as a decimal (< 2^52), left-padded to 16 digits and prefixed with `9` — always
 *          17 digits, so a derived id never equals a kept numeric identifier (at most 15 digits).
 *          Two sources with the same numeric identifier share a boardId; the key still differs.
 */
import { createHash } from 'node:crypto';

export interface Identity {
  key: string;
  boardId: string;
}

const MAX_KEPT_DIGITS = 15;
const DERIVED_PREFIX = '9';

export interface IdentityInput {
  source: string;
  identifier: string | null;
  url: string | null;
  company: string;
  title: string;
  place: string;
}

export function identityOf(input: IdentityInput): Identity {
  const id = input.identifier ?? input.url ?? `h${hashOf(input)}`;
  const key = `${input.source}:${id}`;
  const identifier = input.identifier;
  const boardId =
    identifier !== null && identifier.length <= MAX_KEPT_DIGITS && /^\d+$/.test(identifier)
      ? identifier
      : derivedBoardId(key);
  return { key, boardId };
}

/** The stable 17-digit board id of a key (see the module comment). */
export function derivedBoardId(key: string): string {
  const hex = createHash('sha1').update(key).digest('hex').slice(0, 13);
  return DERIVED_PREFIX + parseInt(hex, 16).toString().padStart(16, '0');
}

function hashOf(input: IdentityInput): string {
  const norm = (s: string): string => s.toLowerCase().replace(/\s+/g, ' ').trim();
  const basis = `${norm(input.company)}|${norm(input.title)}|${norm(input.place)}`;
  return createHash('sha1').update(basis).digest('hex').slice(0, 16);
}
