import type { DOMPurify } from 'dompurify';
import type { Card, Detail } from './api.js';
import { h } from './dom.js';
import { formatNumber, LOCALES, type Lang, type Texts } from './i18n.js';

/** A result card: the title links to the posting's detail (a real link: new tab, copy, keyboard). */
export function renderCard(card: Card, t: Texts, lang: Lang, href: string, open: (e: Event) => void): HTMLElement {
  const titleId = `card-${card.board_id}`;
  return h(
    'li',
    { class: 'card' },
    h(
      'article',
      { 'aria-labelledby': titleId },
      h(
        'div',
        { class: 'card-head' },
        h('h3', { id: titleId }, h('a', { href, onclick: open }, card.title)),
        card.is_new ? h('span', { class: 'badge new' }, t.newBadge) : null,
      ),
      h(
        'p',
        { class: 'meta' },
        h('span', { class: 'company' }, card.company),
        card.locations.length > 0 ? ` · ${card.locations.join(', ')}` : null,
      ),
      h('div', { class: 'facts' }, salary(card, t, lang), workModel(card, t)),
      card.description_card_display ? h('p', { class: 'summary' }, card.description_card_display) : null,
      excerpts(card),
    ),
  );
}

function salary(card: Card, t: Texts, lang: Lang): HTMLElement {
  if (card.salary_min_formatted !== null) {
    return h(
      'span',
      { class: 'salary stated', title: t.salaryStated },
      h('span', { class: 'sr' }, `${t.salaryStated}: `),
      range(card.salary_min_formatted, card.salary_max_formatted, lang),
    );
  }
  if (card.estimated_salary_min_formatted !== null) {
    return h(
      'span',
      { class: 'salary estimated', title: t.salaryEstimatedHint },
      h('span', { class: 'badge est' }, t.salaryEstimated),
      ' ',
      h('span', { class: 'sr' }, `${t.salaryEstimatedHint}: `),
      `≈ ${range(card.estimated_salary_min_formatted, card.estimated_salary_max_formatted, lang)}`,
    );
  }
  return h('span', { class: 'salary none' }, t.salaryNone);
}

/**
 * The API's amounts (`50.000 EUR`, German digit grouping) as a range in the language's digits:
 * `50.000 – 60.000 EUR`, `50,000 – 60,000 EUR`.
 */
export function range(min: string | null, max: string | null, lang: Lang): string {
  if (min === null) return max === null ? '' : amount(max, lang);
  if (max === null || max === min) return amount(min, lang);
  return `${amount(min, lang).replace(/ EUR$/, '')} – ${amount(max, lang)}`;
}

/** `50.000 EUR` in the language's digits; a text of another form stays as it is. */
function amount(formatted: string, lang: Lang): string {
  const m = /^(\d{1,3}(?:\.\d{3})*)( .*)?$/.exec(formatted.trim());
  if (m?.[1] === undefined) return formatted;
  return `${formatNumber(Number(m[1].replace(/\./g, '')), lang)}${m[2] ?? ''}`;
}

function workModel(card: Card, t: Texts): HTMLElement | null {
  const model = card.work_model ? (t.wm[card.work_model] ?? card.work_model) : null;
  const share =
    card.remote_percentage !== null &&
    card.remote_percentage !== undefined &&
    card.remote_percentage > 0 &&
    !(card.work_model === 'remote' && card.remote_percentage === 100)
      ? t.remoteShare(card.remote_percentage)
      : null;
  if (model === null && share === null) return null;
  return h(
    'span',
    { class: `badge wm ${card.work_model ?? ''}` },
    [model, share].filter((x) => x !== null).join(' · '),
  );
}

/** Relevance excerpts that add to the summary: none the summary already says (word for word, ignoring case and "…"). */
function excerpts(card: Card): HTMLElement | null {
  const bare = (x: string) => x.replace(/…/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
  const summary = bare(card.description_card_display);
  const lines = [card.seo_relevance_context, card.remote_work_relevance_context]
    .filter((x) => bare(x) !== '' && !summary.includes(bare(x)) && !bare(x).includes(summary || '\u0000'))
    .filter((x, i, a) => a.findIndex((y) => bare(y) === bare(x)) === i);
  if (lines.length === 0) return null;
  return h(
    'ul',
    { class: 'excerpts' },
    lines.map((l) => h('li', {}, l)),
  );
}

/** Skeleton cards of the height of real ones, so nothing moves when results arrive. */
export function skeletons(n: number): HTMLElement[] {
  return Array.from({ length: n }, () =>
    h(
      'li',
      { class: 'card skeleton', 'aria-hidden': 'true' },
      h('div', { class: 'sk sk-title' }),
      h('div', { class: 'sk sk-line' }),
      h('div', { class: 'sk sk-line short' }),
      h('div', { class: 'sk sk-block' }),
    ),
  );
}

/** The posting's detail: every location, the salary with where it comes from, the whole description. */
export function renderDetail(
  d: Detail,
  card: Card | undefined,
  t: Texts,
  lang: Lang,
  purify: DOMPurify,
): HTMLElement[] {
  const stated = d.salary;
  const perUnit = stated?.as_stated?.unit
    ? (t.perUnit[stated.as_stated.unit] ?? stated.as_stated.unit.toLowerCase())
    : '';
  const asStated = stated?.as_stated;
  const statedText =
    asStated && (asStated.min !== null || asStated.text !== null)
      ? (asStated.text ??
        `${[asStated.min, asStated.max]
          .filter((x, i, a) => x !== null && a.indexOf(x) === i)
          .map((x) => formatNumber(x ?? 0, lang))
          .join(' – ')} ${asStated.currency ?? ''} ${perUnit}`.trim())
      : null;
  const salaryEl = stated
    ? h(
        'p',
        { class: 'salary stated' },
        h('strong', {}, `${t.salaryStated}: `),
        range(stated.min_formatted, stated.max_formatted, lang),
        statedText ? h('span', { class: 'hint' }, ` (${t.statedAs}: ${statedText})`) : null,
      )
    : card && card.estimated_salary_min_formatted !== null
      ? h(
          'p',
          { class: 'salary estimated' },
          h('span', { class: 'badge est' }, t.salaryEstimated),
          ` ≈ ${range(card.estimated_salary_min_formatted, card.estimated_salary_max_formatted, lang)} `,
          h('span', { class: 'hint' }, t.salaryEstimatedHint),
        )
      : h('p', { class: 'salary none' }, t.salaryNone);
  const facts = [
    d.work_model ? (t.wm[d.work_model] ?? d.work_model) : null,
    d.remote_percentage && !(d.work_model === 'remote' && d.remote_percentage === 100)
      ? t.remoteShare(d.remote_percentage)
      : null,
    d.seniority_level ? (t.seniority[d.seniority_level] ?? d.seniority_level) : null,
    d.employment_type && d.employment_type !== d.seniority_level
      ? (t.employment[d.employment_type] ?? d.employment_type)
      : null,
    d.created_at
      ? `${t.postedOn} ${new Date(d.created_at).toLocaleDateString(LOCALES[lang], { dateStyle: 'long' })}`
      : null,
  ]
    .filter((x): x is string => x !== null && x !== '')
    .filter((x, i, a) => a.indexOf(x) === i);
  const parts: (HTMLElement | null)[] = [
    h('h2', { id: 'detail-title' }, d.title),
    h(
      'p',
      { class: 'meta' },
      h('span', { class: 'company' }, d.company),
      d.is_new ? h('span', { class: 'badge new' }, t.newBadge) : null,
    ),
    h('p', { class: 'facts' }, facts.join(' · ')),
    salaryEl,
    h('h3', {}, t.locations),
    h(
      'ul',
      { class: 'places' },
      d.locations.map((l) =>
        h('li', {}, [l.name, l.region !== l.name ? l.region : null, l.country].filter(Boolean).join(', ')),
      ),
    ),
    d.skills.length > 0
      ? h(
          'p',
          { class: 'skills' },
          d.skills.map((s) => h('span', { class: 'tag' }, s)),
        )
      : null,
    h('h3', {}, t.description),
    description(d.description, purify),
    h('p', { class: 'hint source' }, `${t.source}: ${t.sources[d.source] ?? d.source}`),
  ];
  return parts.filter((x): x is HTMLElement => x !== null);
}

/** The sticky footer of the detail: the apply link (the API gives only absolute http(s) URLs). */
export function applyBar(d: Detail, t: Texts): HTMLElement | null {
  if (!d.apply_url || !/^https?:\/\//i.test(d.apply_url)) return null;
  return h(
    'a',
    { class: 'button primary apply', href: d.apply_url, target: '_blank', rel: 'noopener noreferrer' },
    t.apply,
  );
}

/** What the description may keep: structure and emphasis, links to http(s) pages; nothing else. */
const ALLOWED_TAGS = ['h3', 'h4', 'p', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'br', 'a'];

let purifier: Promise<DOMPurify> | null = null;

/**
 * The sanitiser, loaded on first use (a script of its own, so the first results do not wait for
 * it); links keep only http(s) targets and open in a new tab.
 */
export function loadSanitiser(): Promise<DOMPurify> {
  purifier ??= import('dompurify').then(({ default: purify }) => {
    purify.addHook('afterSanitizeAttributes', (node) => {
      if (node.nodeName !== 'A') return;
      const href = node.getAttribute('href') ?? '';
      if (!/^https?:\/\//i.test(href)) node.removeAttribute('href');
      else {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer nofollow');
      }
    });
    return purify;
  });
  return purifier;
}

function sanitise(purify: DOMPurify, html: string): DocumentFragment {
  return purify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ['href'],
    RETURN_DOM_FRAGMENT: true,
  });
}

/**
 * The description as the posting structured it. The API's text has one block per line: a line
 * starting with "- ", "• ", "* " or "1. " is a list item, a short line ending with a colon ("Dein
 * Profil:", "Tus funciones:") or marked "## " is a heading, any other line a paragraph. A line may
 * carry inline HTML from the source; everything passes DOMPurify with the tags above.
 */
export function description(text: string, purify: DOMPurify): HTMLElement {
  const out: string[] = [];
  let list: 'ul' | 'ol' | null = null;
  const closeList = () => {
    if (list !== null) out.push(`</${list}>`);
    list = null;
  };
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    const bullet = /^(?:[-•*▪–]\s+)(.*)$/.exec(line);
    const numbered = /^\d{1,2}[.)]\s+(.*)$/.exec(line);
    const item = bullet ?? numbered;
    if (item) {
      const kind = bullet ? 'ul' : 'ol';
      if (list !== kind) {
        closeList();
        out.push(`<${kind}>`);
        list = kind;
      }
      out.push(`<li>${item[1] ?? ''}</li>`);
      continue;
    }
    closeList();
    const marked = /^#{1,6}\s+(.*)$/.exec(line);
    if (marked) out.push(`<h4>${marked[1] ?? ''}</h4>`);
    else if (line.length <= 80 && /[:：]$/.test(line)) out.push(`<h4>${line}</h4>`);
    else out.push(`<p>${line}</p>`);
  }
  closeList();
  const el = h('div', { class: 'description' });
  el.append(sanitise(purify, out.join('')));
  return el;
}
