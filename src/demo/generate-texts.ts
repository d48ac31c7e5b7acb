/** Description texts of demo postings: a phrasebook per language and the composer. */
import type { Language } from '../domain/vocab.js';
import type { TaskArea } from './generate-positions.js';
import type { Random } from './generate-random.js';
import { PHRASES_DE } from './generate-texts-de.js';
import { PHRASES_EN } from './generate-texts-en.js';
import { PHRASES_ES } from './generate-texts-es.js';

export interface TextContext {
  company: string;
  city: string;
  /** Industry id (`online-marketing`). */
  industry: string;
  area: string;
  tasks: TaskArea;
  skills: readonly string[];
  workModel: 'remote' | 'hybrid' | 'onsite';
  /** Remote days per week for hybrid work. */
  remoteDays: number;
  /** Formatted salary range (`55.000 – 65.000 € brutto/Jahr`) or null. */
  salary: string | null;
  partTimeHours: number | null;
}

type Template = (c: TextContext) => string;

export interface Phrasebook {
  headings: {
    about: readonly string[];
    tasks: readonly string[];
    profile: readonly string[];
    offer: readonly string[];
  };
  about: readonly Template[];
  industry: Readonly<Record<string, string>>;
  tasks: Readonly<Record<TaskArea, readonly string[]>>;
  experience: readonly Template[];
  skills: readonly ((list: string) => string)[];
  profileExtra: readonly string[];
  benefits: readonly string[];
  remote: readonly string[];
  hybrid: readonly ((days: number) => string)[];
  onsite: readonly Template[];
  salary: readonly ((range: string) => string)[];
  partTime: (hours: number) => string;
  closing: readonly Template[];
  and: string;
}

export const PHRASEBOOKS: Readonly<Record<Language, Phrasebook>> = { de: PHRASES_DE, es: PHRASES_ES, en: PHRASES_EN };

/** `a, b und c`. */
export function listWords(items: readonly string[], and: string): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1] ?? ''}`;
}

/** A multi-paragraph description: about us, tasks, profile, offer (with work model and salary), closing. */
export function describe(rng: Random, book: Phrasebook, c: TextContext, html: boolean): string {
  const about = `${rng.pick(book.about)(c)} ${book.industry[c.industry] ?? ''}`.trim();
  const tasks = rng.sample(book.tasks[c.tasks], rng.int(3, 4));
  const profile = [rng.pick(book.experience)(c)];
  if (c.skills.length > 0) profile.push(rng.pick(book.skills)(listWords(c.skills, book.and)));
  profile.push(...rng.sample(book.profileExtra, rng.int(1, 2)));
  const offer: string[] = [];
  if (c.workModel === 'remote') offer.push(rng.pick(book.remote));
  else if (c.workModel === 'hybrid') offer.push(rng.pick(book.hybrid)(c.remoteDays));
  else offer.push(rng.pick(book.onsite)(c));
  if (c.partTimeHours !== null) offer.push(book.partTime(c.partTimeHours));
  if (c.salary !== null) offer.push(rng.pick(book.salary)(c.salary));
  offer.push(...rng.sample(book.benefits, rng.int(2, 4)));
  const closing = rng.pick(book.closing)(c).replace(/\.\.$/, '.');
  const h = book.headings;
  const sections: [string, string[] | string][] = [
    [rng.pick(h.about), about],
    [rng.pick(h.tasks), tasks],
    [rng.pick(h.profile), profile],
    [rng.pick(h.offer), offer],
  ];
  return html ? toHtml(sections, closing) : toPlain(sections, closing);
}

function toPlain(sections: [string, string[] | string][], closing: string): string {
  const parts = sections.map(([title, body]) =>
    typeof body === 'string' ? `${title}\n${body}` : `${title}\n${body.map((b) => `- ${b}`).join('\n')}`,
  );
  return `${parts.join('\n\n')}\n\n${closing}`;
}

function toHtml(sections: [string, string[] | string][], closing: string): string {
  const parts = sections.map(([title, body]) =>
    typeof body === 'string'
      ? `<h3>${escapeHtml(title)}</h3><p>${escapeHtml(body)}</p>`
      : `<h3>${escapeHtml(title)}</h3><ul>${body.map((b) => `<li>${escapeHtml(b)}</li>`).join('')}</ul>`,
  );
  return `${parts.join('')}<p>${escapeHtml(closing)}</p>`;
}

function escapeHtml(s: string): string {
  return s.includes('&') || s.includes('<') || s.includes('>')
    ? s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
    : s;
}
