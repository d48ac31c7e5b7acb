/**
 * Identity of a posting across imports: its source plus the first that exists of
 *
 *   identifier  `<source>:id:<name>:<value>`  the JobPosting `identifier` with its name (a
 *               PropertyValue's `name`, '' when it has none; ':' and '%' in it percent-escaped);
 *   url         `<source>:url:<url>`;
 *   hash        `<source>:hash:<16 hex of sha1(company|title|place)>` (lower-cased and
 *               whitespace-collapsed, so trivial re-formatting does not create a new posting).
 *
 * The source name has no ':' (the CLI checks it), so two sources, two identifier names or two
 * kinds can never produce the same key.
 *
 * boardId: the proposal for the store's board-id registry: the identifier's value when it is all
 * digits (at most 15, kept as written), else the id derived from the key. The store keeps the
 * proposal only when no other posting holds it (see src/store/README.md).
 */
import { derivedBoardId, isKeptBoardId } from '../domain/board-id.js';
import { sha1 } from '../lib/sha1.js';

export interface Identity {
  key: string;
  boardId: string;
}

export interface PostingIdentifier {
  /** The PropertyValue's `name` ('' when it has none or is a plain value). */
  name: string;
  value: string;
}

export interface IdentityInput {
  source: string;
  identifier: PostingIdentifier | null;
  url: string | null;
  company: string;
  title: string;
  place: string;
}

/** A source name as the CLI accepts it: letters, digits, `.`, `_`, `-`, up to 64. */
export const SOURCE_NAME = /^[A-Za-z0-9._-]{1,64}$/;

export function identityOf(input: IdentityInput): Identity {
  const { identifier } = input;
  const rest =
    identifier !== null
      ? `id:${escapeName(identifier.name)}:${identifier.value}`
      : input.url !== null
        ? `url:${input.url}`
        : `hash:${hashOf(input)}`;
  const key = `${input.source}:${rest}`;
  const boardId = identifier !== null && isKeptBoardId(identifier.value) ? identifier.value : derivedBoardId(key);
  return { key, boardId };
}

function escapeName(name: string): string {
  return name.replace(/[%:]/g, (c) => (c === '%' ? '%25' : '%3A'));
}

function hashOf(input: IdentityInput): string {
  const norm = (s: string): string => s.toLowerCase().replace(/\s+/g, ' ').trim();
  const basis = `${norm(input.company)}|${norm(input.title)}|${norm(input.place)}`;
  return sha1(basis, 'hex').slice(0, 16);
}
