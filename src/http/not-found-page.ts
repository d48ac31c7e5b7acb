/**
 * The 404 for people: a browser asking for HTML (Accept: text/html) at a path outside the API gets
 * a short page in its language (Accept-Language: de, es or en; German otherwise) with a link to the
 * search; the API's paths and every other client keep the JSON error. No inline script or style.
 */
const TEXTS = {
  de: { title: 'Seite nicht gefunden', text: 'Diese Adresse gibt es nicht.', link: 'Zur Stellensuche' },
  es: { title: 'Página no encontrada', text: 'Esta dirección no existe.', link: 'Ir a la búsqueda de empleo' },
  en: { title: 'Page not found', text: 'This address does not exist.', link: 'Go to the job search' },
} as const;
type PageLang = keyof typeof TEXTS;

/** True for a browser's page request: HTML accepted explicitly, and not a path of the API or its docs. */
export function wantsPage(path: string, accept: string | undefined): boolean {
  if (path.startsWith('/jobs/') || path.startsWith('/docs') || path.startsWith('/health')) return false;
  return /(^|,)\s*text\/html\b/i.test(accept ?? '');
}

/** The first of de, es, en named in Accept-Language (by q order), else German. */
export function pageLanguage(acceptLanguage: string | undefined): PageLang {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(/^\s*q=([\d.]+)/.exec(params.join(';'))?.[1] ?? '1');
      return { lang: tag.trim().toLowerCase().slice(0, 2), q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((x) => x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  const hit = ranked.find((x): x is typeof x & { lang: PageLang } => x.lang in TEXTS);
  return hit?.lang ?? 'de';
}

export function notFoundPage(acceptLanguage: string | undefined): { lang: PageLang; html: string } {
  const lang = pageLanguage(acceptLanguage);
  const t = TEXTS[lang];
  const search = lang === 'de' ? '/' : `/?lang=${lang}`;
  const html = `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${t.title}</title>
</head>
<body>
<main>
<h1>${t.title}</h1>
<p>${t.text}</p>
<p><a href="${search}">${t.link}</a></p>
</main>
</body>
</html>
`;
  return { lang, html };
}
