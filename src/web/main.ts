import './styles.css';
import {
  ApiFailure,
  endpoints,
  getJson,
  pageOf,
  type Detail,
  type FilterData,
  type ListAnswer,
  type ValueLabel,
} from './api.js';
import { Combobox, type Option } from './combobox.js';
import { fill, h } from './dom.js';
import { formatNumber, LANGS, TEXTS, type Lang } from './i18n.js';
import { searchRequests } from './first-requests.js';
import { applyBar, loadSanitiser, renderCard, renderDetail, skeletons } from './results.js';
import { labelledOptions, renderSidebar } from './sidebar.js';
import {
  apiFilters,
  defaultSort,
  emptyState,
  fromUrl,
  RADII,
  seoChoice,
  setSeo,
  SEO_DEFAULT,
  toggleFacet,
  toUrl,
  FACETS,
  type Facet,
  type SearchState,
} from './state.js';

/** The search page: state in the URL, one render per answer, the API as any frontend would use it. */
let state: SearchState = fromUrl(location.search);
let t = TEXTS[state.lang];
let filterData: FilterData | null = null;
let list: ListAnswer | null = null;
let loadedKey = '';
let seq = 0;
let inflight: AbortController | null = null;
const expanded = new Set<Facet>();
/** Labels of applied facet values, for the chips (filled as the sidebar renders). */
const facetLabels = new Map<string, string>();
/** True while the open posting's history entry is one the page pushed (closing goes back to it). */
let jobPushed = false;
/** How long the first load waits for its answers before showing skeleton cards. */
const SKELETON_DELAY_MS = 150;

// ---- static frame -----------------------------------------------------------------------------
const langSelect = h(
  'select',
  {
    id: 'lang',
    onchange: () => {
      go({ ...state, lang: langSelect.value as Lang }, false);
    },
  },
  LANGS.map((l) => h('option', { value: l }, l.toUpperCase())),
);
const langLabel = h('label', { for: 'lang', class: 'sr' });
const heading = h('h1', {});
const tagline = h('p', { class: 'tagline' });
const skip = h('a', { class: 'skip', href: '#results-heading' });

const keyword = h('input', { id: 'q', type: 'search', enterkeyhint: 'search', autocomplete: 'off' });
const keywordLabel = h('label', { for: 'q' });
const locationBox = new Combobox({
  id: 'location',
  label: '',
  placeholder: '',
  suggest: suggestWithCounts(endpoints.locations, () => filterData?.locations ?? [], 'location'),
  onPick: (o) => {
    go({
      ...state,
      location: o?.value ?? '',
      locationLabel: o?.label ?? '',
      radius: o ? state.radius : null,
      page: 1,
      job: '',
    });
  },
  noResults: () => t.noSuggestions,
});
const radiusSelect = h('select', {
  id: 'radius',
  onchange: () => {
    go({ ...state, radius: radiusSelect.value === '' ? null : Number(radiusSelect.value), page: 1, job: '' });
  },
});
const radiusLabel = h('label', { for: 'radius' });
const radiusField = h('div', { class: 'field radius half' }, radiusLabel, radiusSelect);
const companyBox = new Combobox({
  id: 'company',
  label: '',
  placeholder: '',
  suggest: suggestWithCounts(endpoints.companies, () => filterData?.companies ?? [], 'company'),
  onPick: (o) => {
    go({ ...state, company: o?.value ?? '', page: 1, job: '' });
  },
  noResults: () => t.noSuggestions,
});
const submit = h('button', { type: 'submit', class: 'button primary' });
const form = h(
  'form',
  {
    class: 'searchbar',
    role: 'search',
    onsubmit: (e: Event) => {
      e.preventDefault();
      void submitSearch();
    },
  },
  h('div', { class: 'field grow' }, keywordLabel, keyword),
  h('div', { class: 'field half' }, locationBox.root),
  radiusField,
  h('div', { class: 'field half' }, companyBox.root),
  h('div', { class: 'field submit' }, submit),
);
const formNotice = h('div', { class: 'form-notice', role: 'alert' });

/**
 * "Suchen" or Enter: the keywords, and a place or company typed but not picked resolved to the
 * best suggestion for it; when none matches, a notice says so, the text stays and nothing is searched.
 */
async function submitSearch(): Promise<void> {
  const next: SearchState = {
    ...state,
    q: keyword.value.trim(),
    // The order follows the keywords unless the seeker chose one: relevance with, newest without.
    sort:
      state.sort === defaultSort(state.q)
        ? defaultSort(keyword.value)
        : state.sort === 'relevance' && keyword.value.trim() === ''
          ? 'date'
          : state.sort,
    page: 1,
    job: '',
  };
  const notices: string[] = [];
  const placeText = locationBox.unpicked();
  if (locationBox.input.value.trim() === '') Object.assign(next, { location: '', locationLabel: '', radius: null });
  else if (placeText !== null) {
    locationBox.dismiss();
    const best = (await locationBox.suggestFor(placeText).catch(() => []))[0];
    if (best) Object.assign(next, { location: best.value, locationLabel: best.label });
    else notices.push(t.placeNotFound(placeText));
  }
  const companyText = companyBox.unpicked();
  if (companyBox.input.value.trim() === '') next.company = '';
  else if (companyText !== null) {
    companyBox.dismiss();
    const best = (await companyBox.suggestFor(companyText).catch(() => []))[0];
    if (best) next.company = best.value;
    else notices.push(t.companyNotFound(companyText));
  }
  if (notices.length > 0) {
    fill(
      formNotice,
      notices.map((n) => h('p', {}, n)),
    );
    return;
  }
  go(next);
}

const filterToggle = h('button', {
  type: 'button',
  class: 'button filter-toggle',
  'aria-expanded': 'false',
  'aria-controls': 'filters',
  onclick: () => {
    toggleFilters();
  },
});
const filtersHeading = h('h2', { class: 'sr', id: 'filters-heading' });
const sidebarBody = h('div', { class: 'sidebar-body' });
const sidebar = h(
  'aside',
  { id: 'filters', class: 'sidebar', 'aria-labelledby': 'filters-heading' },
  filtersHeading,
  sidebarBody,
);

const resultsHeading = h('h2', { id: 'results-heading', tabindex: '-1', 'aria-live': 'polite' });
const sortSelect = h('select', {
  id: 'sort',
  onchange: () => {
    go({ ...state, sort: sortSelect.value as SearchState['sort'], page: 1, job: '' });
  },
});
const sortLabel = h('label', { for: 'sort' });
const chips = h('div', { class: 'chips' });
const message = h('div', { class: 'message', role: 'status' });
const cards = h('ol', { class: 'cards', 'aria-labelledby': 'results-heading' });
const pager = h('nav', { class: 'pager' });
const results = h(
  'section',
  { class: 'results', 'aria-labelledby': 'results-heading' },
  h('div', { class: 'results-top' }, resultsHeading, h('div', { class: 'sort' }, sortLabel, sortSelect)),
  chips,
  message,
  cards,
  pager,
);

// Focusable, so the keyboard can scroll it (it is the dialog's only scrolling part).
const detailBody = h('div', { class: 'detail-body', tabindex: '0' });
const detailClose = h('button', {
  type: 'button',
  class: 'button close',
  onclick: () => {
    closeDetail();
  },
});
const dialog = h(
  'dialog',
  { class: 'detail', 'aria-labelledby': 'detail-title' },
  h('div', { class: 'detail-bar' }, detailClose),
  detailBody,
);
const detailFoot = h('div', { class: 'detail-foot' });
dialog.append(detailFoot);
dialog.addEventListener('close', () => {
  if (state.job === '') return;
  // Back to the entry before the posting when the page pushed it, so Back does not reopen it.
  if (jobPushed) {
    jobPushed = false;
    history.back();
  } else go({ ...state, job: '' }, false);
});

const app = document.getElementById('app') ?? document.body;
fill(
  app,
  skip,
  h(
    'header',
    { class: 'top' },
    h('div', { class: 'brand' }, heading, tagline),
    h('div', { class: 'lang' }, langLabel, langSelect),
  ),
  form,
  formNotice,
  h('div', { class: 'layout' }, h('div', { class: 'side' }, filterToggle, sidebar), h('main', { id: 'main' }, results)),
  dialog,
);

// ---- navigation -------------------------------------------------------------------------------
function go(next: SearchState, push = true): void {
  state = next;
  fill(formNotice);
  if (push) history.pushState(null, '', toUrl(state));
  else history.replaceState(null, '', toUrl(state));
  void render();
}

window.addEventListener('popstate', () => {
  state = fromUrl(location.search);
  jobPushed = false;
  fill(formNotice);
  void render();
});

function closeDetail(): void {
  if (dialog.open) dialog.close();
}

function toggleFilters(): void {
  const open = !sidebar.classList.contains('open');
  sidebar.classList.toggle('open', open);
  filterToggle.setAttribute('aria-expanded', String(open));
  filterToggle.textContent = open ? t.hideFilters : t.showFilters;
}

/** Texts, form values and the detail follow the state; results are fetched when the query changed. */
async function render(): Promise<void> {
  t = TEXTS[state.lang];
  document.documentElement.lang = state.lang;
  applyTexts();
  syncForm();
  const key = toUrl({ ...state, job: '' });
  if (key !== loadedKey || list === null) await load(key);
  else draw();
  await syncDetail();
}

function applyTexts(): void {
  document.title = `${t.title} – ${t.search}`;
  skip.textContent = t.skipToResults;
  heading.textContent = t.title;
  tagline.textContent = t.tagline;
  langLabel.textContent = t.language;
  langSelect.value = state.lang;
  keywordLabel.textContent = t.keyword;
  keyword.placeholder = t.keywordPlaceholder;
  locationBox.setLabel(t.location, t.locationPlaceholder);
  companyBox.setLabel(t.company, t.companyPlaceholder);
  radiusLabel.textContent = t.radius;
  radiusSelect.title = t.radiusHint;
  fill(
    radiusSelect,
    h('option', { value: '' }, t.radiusAny),
    RADII.map((r) => h('option', { value: String(r) }, `+ ${r} km`)),
  );
  submit.textContent = t.search;
  filtersHeading.textContent = t.filters;
  filterToggle.textContent = sidebar.classList.contains('open') ? t.hideFilters : t.showFilters;
  sortLabel.textContent = t.sort;
  fill(
    sortSelect,
    h('option', { value: 'date' }, t.sortDate),
    h('option', { value: 'salary' }, t.sortSalary),
    state.q !== '' ? h('option', { value: 'relevance' }, t.sortRelevance) : null,
  );
  detailClose.textContent = t.close;
}

function syncForm(): void {
  if (document.activeElement !== keyword) keyword.value = state.q;
  locationBox.setText(state.locationLabel || state.location);
  companyBox.setText(state.company);
  // Hidden but keeping its place, so the bar does not reflow when a place is chosen.
  radiusField.classList.toggle('invisible', state.location === '');
  radiusSelect.disabled = state.location === '';
  radiusSelect.value = state.radius === null ? '' : String(state.radius);
  sortSelect.value = state.sort;
}

async function load(key: string): Promise<void> {
  inflight?.abort();
  const ctrl = new AbortController();
  inflight = ctrl;
  const mine = ++seq;
  results.setAttribute('aria-busy', 'true');
  // Skeletons only when the first answer is slow to come: a preloaded one is drawn at once.
  let skeleton = 0;
  if (list === null) {
    resultsHeading.textContent = t.loading;
    skeleton = window.setTimeout(() => {
      if (list === null && mine === seq) fill(cards, skeletons(4));
    }, SKELETON_DELAY_MS);
  }
  const urls = searchRequests(state);
  try {
    const [ls, fd] = await Promise.all([
      getJson<ListAnswer>(urls.list, ctrl.signal),
      getJson<{ filters: FilterData }>(urls.filterData, ctrl.signal),
    ]);
    if (mine !== seq) return;
    filterData = fd.filters;
    list = ls;
    loadedKey = key;
    draw();
  } catch (error) {
    if (mine !== seq || ctrl.signal.aborted) return;
    showError(error);
  } finally {
    window.clearTimeout(skeleton);
    if (mine === seq) results.removeAttribute('aria-busy');
  }
}

function showError(error: unknown): void {
  list = null;
  loadedKey = '';
  resultsHeading.textContent = t.error;
  fill(chips);
  fill(cards);
  fill(pager);
  const detail = error instanceof ApiFailure && error.status >= 400 && error.status < 500 ? error.message : '';
  fill(
    message,
    h(
      'div',
      { class: 'error', role: 'alert' },
      detail ? h('p', { class: 'hint' }, `${t.errorDetail}: ${detail}`) : null,
      h('button', { type: 'button', class: 'button primary retry', onclick: () => void render() }, t.retry),
    ),
  );
}

/**
 * The answers on screen. On the first load the results come first and the sidebar a frame after
 * they are painted (the first cards do not wait for the facets' layout); later loads draw both at once.
 */
function draw(): void {
  if (filterData === null || list === null) return;
  const fd = filterData;
  const ls = list;
  for (const [facet, options] of Object.entries(labelledOptions(fd, t, state.lang)))
    for (const o of options) facetLabels.set(`${facet}=${o.value}`, o.label);
  const first = sidebarBody.childElementCount === 0;
  if (!first) drawSidebar(fd);
  resultsHeading.textContent =
    ls.total_results === 1 ? t.resultsOne : t.results(formatNumber(ls.total_results, state.lang));
  drawChips();
  const dym = ls.did_you_mean ? didYouMean(ls.did_you_mean) : null;
  if (ls.jobs.length === 0) {
    fill(
      message,
      dym,
      h('div', { class: 'empty' }, h('p', {}, h('strong', {}, t.empty)), h('p', { class: 'hint' }, t.emptyHint)),
    );
  } else fill(message, dym);
  fill(
    cards,
    ls.jobs.map((card) =>
      renderCard(card, t, state.lang, toUrl({ ...state, job: card.board_id }), (e) => {
        const me = e as MouseEvent;
        if (me.ctrlKey || me.metaKey || me.shiftKey) return;
        e.preventDefault();
        jobPushed = true;
        go({ ...state, job: card.board_id });
      }),
    ),
  );
  drawPager(ls);
  // For the page benchmark (bench/page.ts): a mark once the new results have been painted; then
  // the sidebar of a first load, and the posting's sanitiser, so a card opens without waiting for it.
  requestAnimationFrame(() =>
    setTimeout(() => {
      performance.mark('jobsearch:results');
      if (first && filterData === fd) drawSidebar(fd);
      void loadSanitiser();
    }, 0),
  );
}

function drawSidebar(fd: FilterData): void {
  fill(
    sidebarBody,
    renderSidebar(fd, {
      t,
      lang: state.lang,
      state,
      setSeo: (choice) => {
        go(setSeo(state, choice));
      },
      expanded,
      toggle: (facet, value, label) => {
        facetLabels.set(`${facet}=${value}`, label);
        go(toggleFacet(state, facet, value));
      },
      setExpanded: (facet, open) => {
        if (open) expanded.add(facet);
        else expanded.delete(facet);
        drawSidebar(fd);
        sidebarBody
          .querySelector<HTMLButtonElement>(`[data-facet="${facet}"]`)
          ?.closest('section')
          ?.querySelector<HTMLButtonElement>('.more')
          ?.focus();
      },
    }),
  );
}

/** "Meinten Sie: <link>?" to the same search with the API's correction. */
function didYouMean(correction: string): HTMLElement {
  const target: SearchState = { ...state, q: correction, page: 1, job: '' };
  return h(
    'p',
    { class: 'did-you-mean' },
    `${t.didYouMean}: `,
    h(
      'a',
      {
        href: toUrl(target),
        onclick: (e: Event) => {
          e.preventDefault();
          go(target);
        },
      },
      correction,
    ),
    '?',
  );
}

function drawChips(): void {
  const items: { label: string; remove: SearchState }[] = [];
  const base = { ...state, page: 1, job: '' };
  if (state.q)
    items.push({
      label: `„${state.q}“`,
      remove: { ...base, q: '', sort: state.sort === 'relevance' ? 'date' : state.sort },
    });
  if (state.location)
    items.push({
      label: `${state.locationLabel || state.location}${state.radius ? ` + ${state.radius} km` : ''}`,
      remove: { ...base, location: '', locationLabel: '', radius: null },
    });
  if (state.company) items.push({ label: state.company, remove: { ...base, company: '' } });
  if (seoChoice(state) !== 'yes')
    items.push({
      label: seoChoice(state) === 'no' ? t.seoNo : t.seoAll,
      remove: { ...base, facets: { ...state.facets, 'seo-jobs-only': [...SEO_DEFAULT] } },
    });
  for (const facet of FACETS) {
    if (facet === 'seo-jobs-only') continue;
    for (const value of state.facets[facet] ?? []) {
      const label = facetLabels.get(`${facet}=${value}`) ?? value;
      const dimension = t[facet === 'salary_range' ? 'salary' : facet];
      items.push({
        label: `${dimension}: ${label}`,
        remove: toggleFacet(state, facet, value),
      });
    }
  }
  if (items.length === 0) {
    fill(chips);
    return;
  }
  fill(
    chips,
    h(
      'ul',
      { class: 'chip-list', 'aria-label': t.filters },
      items.map((c) =>
        h(
          'li',
          {},
          h(
            'button',
            {
              type: 'button',
              class: 'chip',
              title: t.remove(c.label),
              onclick: () => {
                go(c.remove);
              },
            },
            c.label,
            h(
              'span',
              { class: 'x' },
              h('span', { 'aria-hidden': 'true' }, '×'),
              h('span', { class: 'sr' }, ` (${t.removeShort})`),
            ),
          ),
        ),
      ),
    ),
    h(
      'button',
      {
        type: 'button',
        class: 'clear-all',
        onclick: () => {
          go({ ...emptyState(state.lang), sort: state.sort === 'relevance' ? 'date' : state.sort });
        },
      },
      t.clearAll,
    ),
  );
}

function drawPager(ls: ListAnswer): void {
  const p = ls.pagination;
  if (ls.total_results === 0 || p.total_pages <= 1) {
    fill(pager);
    return;
  }
  const next = ls.has_more ? pageOf(ls.next_url) : null;
  const pageOfText = t.page(formatNumber(p.current_page, state.lang), formatNumber(p.total_pages, state.lang));
  pager.setAttribute('aria-label', pageOfText);
  fill(
    pager,
    h(
      'a',
      {
        class: 'button',
        rel: 'prev',
        href: state.page > 1 ? toUrl({ ...state, page: state.page - 1 }) : null,
        'aria-disabled': state.page > 1 ? null : 'true',
        onclick: (e: Event) => {
          page(e, state.page > 1 ? state.page - 1 : null);
        },
      },
      `‹ ${t.prev}`,
    ),
    h('span', { class: 'page-of' }, pageOfText),
    h(
      'a',
      {
        class: 'button',
        rel: 'next',
        href: next !== null ? toUrl({ ...state, page: next }) : null,
        'aria-disabled': next !== null ? null : 'true',
        onclick: (e: Event) => {
          page(e, next);
        },
      },
      `${t.next} ›`,
    ),
  );
}

function page(e: Event, target: number | null): void {
  e.preventDefault();
  if (target === null) return;
  go({ ...state, page: target, job: '' });
  resultsHeading.focus({ preventScroll: true });
  results.scrollIntoView({ block: 'start' });
}

// ---- detail -----------------------------------------------------------------------------------
let detailFor = '';
async function syncDetail(): Promise<void> {
  if (state.job === '') {
    detailFor = '';
    closeDetail();
    return;
  }
  if (detailFor === `${state.job}/${state.lang}` && dialog.open) return;
  detailFor = `${state.job}/${state.lang}`;
  fill(detailBody, h('p', { class: 'hint' }, t.loading));
  fill(detailFoot);
  if (!dialog.open) dialog.showModal();
  const card = list?.jobs.find((c) => c.board_id === state.job);
  try {
    const [{ job }, purify] = await Promise.all([getJson<{ job: Detail }>(endpoints.job(state.job)), loadSanitiser()]);
    if (detailFor !== `${state.job}/${state.lang}`) return;
    fill(detailBody, renderDetail(job, card, t, state.lang, purify));
    fill(detailFoot, applyBar(job, t));
  } catch (error) {
    const gone = error instanceof ApiFailure && error.status === 404;
    fill(
      detailBody,
      h('h2', { id: 'detail-title' }, gone ? t.gone : t.error),
      gone
        ? null
        : h(
            'button',
            {
              type: 'button',
              class: 'button primary',
              onclick: () => {
                detailFor = '';
                void syncDetail();
              },
            },
            t.retry,
          ),
    );
  }
}

// ---- autocomplete ------------------------------------------------------------------------------
/**
 * Suggestions from an autosuggest endpoint, each with its job count under the current filters: from
 * the filter data where it lists the value, else from the count endpoint (cached by the browser), so
 * every suggestion shows one.
 */
function suggestWithCounts(url: (q: string) => string, listed: () => ValueLabel[], param: 'location' | 'company') {
  return async (q: string, signal: AbortSignal): Promise<Option[]> => {
    const { suggestions } = await getJson<{ suggestions: ValueLabel[] }>(url(q), signal);
    const counts = new Map<string, number>();
    for (const o of listed()) {
      const m = /\(([\d.,]+)\)$/.exec(o.label);
      if (m?.[1]) counts.set(o.value.toLowerCase(), Number(m[1].replace(/\D/g, '')));
    }
    return Promise.all(
      suggestions.map(async (s) => {
        let count = counts.get(s.value.toLowerCase());
        if (count === undefined) {
          const filters = apiFilters({ ...state, [param]: s.value, radius: null, page: 1 });
          count = await getJson<{ total_results: number }>(endpoints.count(filters), signal).then(
            (r) => r.total_results,
            () => undefined,
          );
        }
        const option: Option = { value: s.value, label: s.label };
        if (count !== undefined) option.hint = t.jobsIn(formatNumber(count, state.lang));
        return option;
      }),
    );
  };
}

void render();
