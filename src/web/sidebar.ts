import type { Counted, FilterData } from './api.js';
import { h, type Child } from './dom.js';
import { formatNumber, type Lang, type Texts } from './i18n.js';
import { seoChoice, type Facet, type SearchState, type SeoChoice } from './state.js';

/** Options shown per dimension before "show more". */
const SHOWN = 6;

export interface SidebarContext {
  t: Texts;
  lang: Lang;
  state: SearchState;
  setSeo: (choice: SeoChoice) => void;
  toggle: (facet: Facet, value: string, label: string) => void;
  expanded: Set<Facet>;
  setExpanded: (facet: Facet, open: boolean) => void;
}

/** The sidebar's dimensions (the SEO switch aside), each option with the label the page shows for it. */
export type LabelledOptions = Record<Exclude<Facet, 'seo-jobs-only'>, (Counted & { label: string })[]>;

/**
 * Every option's label in the page's language: the API's `display_label` where it gives one, else
 * the page's own words for the closed vocabularies (never the raw value of one).
 */
export function labelledOptions(data: FilterData, t: Texts, lang: Lang): LabelledOptions {
  return {
    salary_range: data.salary_ranges.map((o) => ({ ...o, label: o.display_label ?? bandLabel(o.value, lang) })),
    work_model: data.work_models.map((o) => ({ ...o, label: o.display_label ?? t.wm[o.value] ?? o.value })),
    position: data.positions.map((o) => ({ ...o, label: o.display_label ?? titleCase(o.label ?? o.value) })),
    seniority_level: data.seniority_levels.map((o) => ({
      ...o,
      label: o.display_label ?? t.seniority[o.value] ?? prettify(o.value),
    })),
    employment_type_normalized: data.employment_types.map((o) => ({
      ...o,
      label: o.display_label ?? t.employment[o.value] ?? prettify(o.value),
    })),
    remote_percentage_min: data.remote_percentages.map((o) => ({
      ...o,
      label: o.display_label ?? t.atLeast(o.value),
    })),
    skill_tag: data.skill_tags.map((o) => ({ ...o, label: o.label ?? o.value })),
    industry: data.industries.map((o) => ({ ...o, label: o.label ?? prettify(o.value) })),
    company_size: data.company_sizes.map((o) => ({ ...o, label: o.label ?? o.value })),
  };
}

/** The filter sidebar built from the filter data: every dimension with its counts. */
export function renderSidebar(data: FilterData, ctx: SidebarContext): HTMLElement[] {
  const { t } = ctx;
  const o = labelledOptions(data, t, ctx.lang);
  const groups: (HTMLElement | null)[] = [
    salaryChart(o.salary_range, ctx),
    group('work_model', t.work_model, o.work_model, ctx),
    seoSwitch(data, ctx),
    group('position', t.position, o.position, ctx),
    group('seniority_level', t.seniority_level, o.seniority_level, ctx),
    group('employment_type_normalized', t.employment_type_normalized, o.employment_type_normalized, ctx),
    group('remote_percentage_min', t.remote_percentage_min, o.remote_percentage_min, ctx),
    group('skill_tag', t.skill_tag, o.skill_tag, ctx),
    group('industry', t.industry, o.industry, ctx),
    group('company_size', t.company_size, o.company_size, ctx),
  ];
  return groups.filter((g): g is HTMLElement => g !== null);
}

function selectedOf(ctx: SidebarContext, facet: Facet): string[] {
  return ctx.state.facets[facet] ?? [];
}

function optionButton(
  ctx: SidebarContext,
  facet: Facet,
  o: Counted,
  label: string,
  extra: Child = null,
): HTMLButtonElement {
  const on = selectedOf(ctx, facet).includes(o.value);
  return h(
    'button',
    {
      type: 'button',
      class: 'opt',
      'aria-pressed': String(on),
      'data-facet': facet,
      'data-value': o.value,
      disabled: o.count === 0 && !on,
      onclick: () => {
        ctx.toggle(facet, o.value, label);
      },
    },
    extra,
    h('span', { class: 'opt-label' }, label),
    h('span', { class: 'count' }, formatNumber(o.count, ctx.lang)),
  );
}

function group(facet: Facet, title: string, options: Counted[], ctx: SidebarContext): HTMLElement | null {
  if (options.length === 0) return null;
  const open = ctx.expanded.has(facet);
  const selected = selectedOf(ctx, facet);
  // Selected options stay visible when the list is folded.
  const shown = open ? options : options.filter((o, i) => i < SHOWN || selected.includes(o.value));
  const headingId = `h-${facet}`;
  return h(
    'section',
    { class: 'facet', 'aria-labelledby': headingId },
    h('h3', { id: headingId }, title),
    h(
      'div',
      { class: 'opts', role: 'group', 'aria-labelledby': headingId },
      shown.map((o) => optionButton(ctx, facet, o, o.label ?? o.value)),
    ),
    options.length > SHOWN
      ? h(
          'button',
          {
            type: 'button',
            class: 'more',
            'aria-expanded': String(open),
            onclick: () => {
              ctx.setExpanded(facet, !open);
            },
          },
          open ? ctx.t.less : `${ctx.t.more} (${options.length - SHOWN})`,
        )
      : null,
  );
}

/** Salary bands as a small bar chart: each bar is a toggle button with its count. */
function salaryChart(buckets: (Counted & { label: string })[], ctx: SidebarContext): HTMLElement | null {
  if (buckets.length === 0) return null;
  const max = Math.max(1, ...buckets.map((b) => b.count));
  return h(
    'section',
    { class: 'facet', 'aria-labelledby': 'h-salary' },
    h('h3', { id: 'h-salary' }, ctx.t.salary),
    h(
      'div',
      { class: 'bars', role: 'group', 'aria-labelledby': 'h-salary' },
      buckets.map((b) => {
        const label = shortBand(b.value, ctx.lang);
        const full = b.label;
        const on = selectedOf(ctx, 'salary_range').includes(b.value);
        return h(
          'button',
          {
            type: 'button',
            class: 'bar',
            'aria-pressed': String(on),
            'data-facet': 'salary_range',
            'data-value': b.value,
            disabled: b.count === 0 && !on,
            onclick: () => {
              ctx.toggle('salary_range', b.value, full);
            },
          },
          h('span', { class: 'sr opt-label' }, full),
          h('span', { class: 'bar-count' }, formatNumber(b.count, ctx.lang)),
          h('span', { class: 'bar-track', 'aria-hidden': 'true' }, barFill(b.count / max)),
          h('span', { class: 'bar-label' }, label),
        );
      }),
    ),
  );
}

/** A bar's height as a CSSOM write (allowed under a CSP without inline styles, unlike a style attribute). */
function barFill(share: number): HTMLElement {
  const el = h('span', { class: 'bar-fill' });
  el.style.height = `${Math.round(share * 100)}%`;
  return el;
}

/** `40000-60000` -> `40–60k`, `80000+` -> `80k+`. */
function shortBand(value: string, lang: Lang): string {
  const k = (n: string) => formatNumber(Math.round(Number(n) / 1000), lang);
  if (value.endsWith('+')) return `${k(value.slice(0, -1))}k+`;
  const [a = '', b = ''] = value.split('-');
  return `${k(a)}–${k(b)}k`;
}

/** `40000-60000` -> `40.000 – 60.000 €`, `0-40000` -> `≤ 40.000 €` in the page's language, when the API gives no label in it. */
function bandLabel(value: string, lang: Lang): string {
  const n = (x: string) => formatNumber(Number(x), lang);
  if (value.endsWith('+')) return `≥ ${n(value.slice(0, -1))} €`;
  const [a = '', b = ''] = value.split('-');
  return Number(a) === 0 ? `≤ ${n(b)} €` : `${n(a)} – ${n(b)} €`;
}

function seoSwitch(data: FilterData, ctx: SidebarContext): HTMLElement {
  const c = data.seo_jobs_only_counts;
  const num = (s: string) => formatNumber(Number(s.replace(/\D/g, '')), ctx.lang);
  const options: { value: SeoChoice; label: string; count: string }[] = [
    { value: 'yes', label: ctx.t.seoYes, count: num(c.yes_formatted) },
    { value: 'no', label: ctx.t.seoNo, count: num(c.no_formatted) },
    { value: 'all', label: ctx.t.seoAll, count: num(c.all_formatted) },
  ];
  const current = seoChoice(ctx.state);
  return h(
    'section',
    { class: 'facet', 'aria-labelledby': 'h-seo' },
    h('h3', { id: 'h-seo' }, ctx.t.seo),
    h(
      'div',
      { class: 'opts seg', role: 'group', 'aria-labelledby': 'h-seo' },
      options.map((o) =>
        h(
          'button',
          {
            type: 'button',
            class: 'opt',
            'aria-pressed': String(current === o.value),
            'data-seo': o.value,
            onclick: () => {
              ctx.setSeo(o.value);
            },
          },
          h('span', { class: 'opt-label' }, o.label),
          h('span', { class: 'count' }, o.count),
        ),
      ),
    ),
  );
}

/** Position labels come lower-case (`seo manager`): `SEO Manager`. */
function titleCase(label: string): string {
  return label.replace(/\p{L}[\p{L}\d]*/gu, (w) =>
    w === 'seo' || w === 'sea' ? w.toUpperCase() : w.charAt(0).toUpperCase() + w.slice(1),
  );
}

function prettify(slug: string): string {
  const s = slug.replace(/-/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A bar's fill, its height set through the CSSOM: the page's CSP allows no inline style attribute. */
