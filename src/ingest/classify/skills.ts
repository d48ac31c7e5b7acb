/**
 * Skill tags: a fixed vocabulary of SEO, marketing, web, data and office skills, matched as whole
 * words in the title, the `skills` field and the description. Words that are also ordinary words
 * ("React", "Excel", "SAP", "SPS") match only in their written case. Two regular expressions are
 * built once; a posting costs one pass over its lower-cased text and one over the original.
 */
import type { Named } from '../../domain/job.js';

interface SkillDef {
  slug: string;
  name: string;
  /** Lower-case synonyms, matched case-insensitively. */
  terms: readonly string[];
  /** Matched only as written. */
  exact?: readonly string[];
}

const s = (slug: string, name: string, terms: readonly string[], exact?: readonly string[]): SkillDef =>
  exact ? { slug, name, terms, exact } : { slug, name, terms };

export const SKILLS: readonly SkillDef[] = [
  s('seo', 'SEO', ['seo', 'suchmaschinenoptimierung', 'search engine optimization', 'search engine optimisation']),
  s('technical-seo', 'Technical SEO', [
    'technical seo',
    'technisches seo',
    'seo técnico',
    'seo tecnico',
    'tech-seo',
    'tech seo',
  ]),
  s('onpage-seo', 'Onpage SEO', [
    'onpage seo',
    'onpage-seo',
    'on-page seo',
    'on-page-seo',
    'onpage-optimierung',
    'onpage optimierung',
    'seo onpage',
    'seo on-page',
    'on-page optimization',
    'onpage',
  ]),
  s('offpage-seo', 'Offpage SEO', [
    'offpage seo',
    'offpage-seo',
    'off-page seo',
    'off-page-seo',
    'offpage-optimierung',
    'seo offpage',
    'seo off-page',
    'off-page optimization',
    'offpage',
  ]),
  s('local-seo', 'Local SEO', ['local seo', 'lokales seo', 'seo local', 'local listings']),
  s('international-seo', 'International SEO', ['international seo', 'internationales seo', 'seo internacional']),
  s('schema-markup', 'Schema Markup', [
    'schema markup',
    'schema.org',
    'structured data',
    'strukturierte daten',
    'datos estructurados',
    'rich snippets',
  ]),
  s(
    'geo',
    'GEO / AI Search',
    [
      'generative engine optimization',
      'generative engine optimisation',
      'ai search',
      'ai-search',
      'ki-suche',
      'llm optimization',
      'llm-optimierung',
      'búsqueda con ia',
      'answer engine optimization',
    ],
    ['GEO', 'AEO', 'SGE'],
  ),
  s(
    'sea',
    'SEA',
    ['suchmaschinenwerbung', 'search engine advertising', 'paid search', 'publicidad en buscadores'],
    ['SEA', 'SEM', 'PPC'],
  ),
  s(
    'cro',
    'Conversion-Optimierung (CRO)',
    [
      'conversion rate optimization',
      'conversion rate optimisation',
      'conversion-optimierung',
      'conversion optimierung',
      'conversionoptimierung',
      'optimización de la conversión',
      'optimizacion de la conversion',
    ],
    ['CRO'],
  ),
  s('ab-testing', 'A/B-Testing', [
    'a/b testing',
    'a/b-testing',
    'a/b test',
    'a/b tests',
    'a/b-test',
    'a/b-tests',
    'ab testing',
    'split testing',
    'pruebas a/b',
    'tests a/b',
  ]),
  s('sistrix', 'Sistrix', ['sistrix']),
  s('ahrefs', 'Ahrefs', ['ahrefs']),
  s('semrush', 'Semrush', ['semrush']),
  s('screaming-frog', 'Screaming Frog', ['screaming frog', 'screamingfrog']),
  s('google-search-console', 'Google Search Console', ['google search console', 'search console', 'gsc']),
  s('google-analytics', 'Google Analytics', ['google analytics', 'ga4', 'universal analytics']),
  s('google-tag-manager', 'Google Tag Manager', ['google tag manager', 'tag manager', 'gtm']),
  s('google-ads', 'Google Ads', [
    'google ads',
    'google adwords',
    'adwords',
    'google shopping',
    'pmax',
    'performance max',
  ]),
  s('looker-studio', 'Looker Studio', ['looker studio', 'google data studio', 'data studio']),
  s('keyword-research', 'Keyword-Recherche', [
    'keyword research',
    'keyword-recherche',
    'keywordrecherche',
    'keywordrecherchen',
    'keyword-recherchen',
    'keyword-analyse',
    'keywordanalyse',
    'investigación de palabras clave',
    'investigacion de palabras clave',
    'palabras clave',
  ]),
  s('linkbuilding', 'Linkbuilding', [
    'linkbuilding',
    'link building',
    'link-building',
    'backlinks',
    'backlink',
    'linkaufbau',
    'construcción de enlaces',
  ]),
  s('content-marketing', 'Content Marketing', ['content marketing', 'content-marketing', 'marketing de contenidos']),
  s('copywriting', 'Copywriting', ['copywriting', 'seo-texte', 'seo texte']),
  s('core-web-vitals', 'Core Web Vitals', [
    'core web vitals',
    'cwv',
    'pagespeed',
    'page speed',
    'ladezeit',
    'ladezeiten',
  ]),
  s('log-file-analysis', 'Logfile-Analyse', [
    'log file analysis',
    'logfile analysis',
    'logfile-analyse',
    'log-file-analyse',
  ]),
  s('microsoft-advertising', 'Microsoft Advertising', ['microsoft advertising', 'bing ads']),
  s('email-marketing', 'E-Mail-Marketing', [
    'email marketing',
    'e-mail-marketing',
    'e-mail marketing',
    'email-marketing',
    'newsletter',
    'newsletters',
    'email newsletters',
    'e-mail-kampagnen',
    'email campaigns',
    'email marketing automation',
    'marketing por correo',
    'email-marketing-kampagnen',
    'mailchimp',
    'klaviyo',
    'drip',
  ]),
  s('social-media', 'Social Media', [
    'social media',
    'social-media',
    'soziale medien',
    'redes sociales',
    'social media marketing',
  ]),
  s('affiliate-marketing', 'Affiliate-Marketing', ['affiliate marketing', 'affiliate-marketing', 'affiliate']),
  s('amazon-ads', 'Amazon Ads', ['amazon ads', 'amazon advertising', 'amazon seller central', 'amazon sponsored']),
  s('meta-ads', 'Meta Ads', ['meta ads', 'facebook ads']),
  s('linkedin-ads', 'LinkedIn Ads', ['linkedin ads']),
  s('chatgpt', 'ChatGPT', ['chatgpt']),
  s('crm', 'CRM', ['crm']),
  s('hubspot', 'HubSpot', ['hubspot']),
  s('salesforce', 'Salesforce', ['salesforce']),
  s('wordpress', 'WordPress', ['wordpress']),
  s('typo3', 'TYPO3', ['typo3']),
  s('shopify', 'Shopify', ['shopify']),
  s('webflow', 'Webflow', ['webflow']),
  s('html', 'HTML', ['html', 'html5']),
  s('css', 'CSS', ['css', 'css3']),
  s('javascript', 'JavaScript', ['javascript']),
  s('typescript', 'TypeScript', ['typescript']),
  s('react', 'React', ['react.js', 'reactjs', 'react native'], ['React']),
  s('vue', 'Vue.js', ['vue.js', 'vuejs', 'nuxt'], ['Vue']),
  s('angular', 'Angular', ['angular']),
  s('node-js', 'Node.js', ['node.js', 'nodejs']),
  s('php', 'PHP', ['php']),
  s('python', 'Python', ['python']),
  s('java', 'Java', ['java']),
  s('csharp', 'C#', ['c#']),
  s('dotnet', '.NET', ['.net', 'asp.net']),
  s('sql', 'SQL', ['sql', 't-sql']),
  s('mysql', 'MySQL', ['mysql']),
  s('postgresql', 'PostgreSQL', ['postgresql', 'postgres']),
  s('git', 'Git', ['git', 'github', 'gitlab']),
  s('docker', 'Docker', ['docker']),
  s('kubernetes', 'Kubernetes', ['kubernetes', 'k8s']),
  s('aws', 'AWS', ['aws', 'amazon web services']),
  s('azure', 'Azure', ['azure']),
  s('linux', 'Linux', ['linux']),
  s('windows-server', 'Windows Server', ['windows server', 'windows-server']),
  s('active-directory', 'Active Directory', ['active directory']),
  s('powershell', 'PowerShell', ['powershell']),
  s('vmware', 'VMware', ['vmware']),
  s('mulesoft', 'MuleSoft', ['mulesoft']),
  s('excel', 'Excel', ['ms excel', 'microsoft excel'], ['Excel']),
  s('ms-office', 'MS Office', ['ms office', 'ms-office', 'microsoft office', 'microsoft 365', 'office 365']),
  s('powerpoint', 'PowerPoint', ['powerpoint']),
  s('power-bi', 'Power BI', ['power bi', 'powerbi']),
  s('tableau', 'Tableau', ['tableau']),
  s('sap', 'SAP', ['sap s/4hana', 's/4hana', 'sap fi'], ['SAP']),
  s('datev', 'DATEV', ['datev']),
  s('lexware', 'Lexware', ['lexware']),
  s('jira', 'Jira', ['jira']),
  s('confluence', 'Confluence', ['confluence']),
  s('figma', 'Figma', ['figma']),
  s('canva', 'Canva', ['canva']),
  s('photoshop', 'Photoshop', ['photoshop']),
  s('adobe-creative-cloud', 'Adobe Creative Cloud', ['adobe creative cloud', 'creative cloud']),
  s('active-sourcing', 'Active Sourcing', ['active sourcing']),
  s('knx', 'KNX', ['knx']),
  s('sps', 'SPS', ['sps-programmierung', 'siemens s7', 'simatic'], ['SPS']),
];

const SEO_INDEX = SKILLS.findIndex((d) => d.slug === 'seo');
const escape = (t: string): string => t.replace(/[.*+?^${}()|[\]\\/#-]/g, '\\$&');
const alternation = (terms: readonly string[]): string =>
  [...terms]
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|');

const TERM_INDEX = new Map<string, number>();
const EXACT_INDEX = new Map<string, number>();
SKILLS.forEach((def, i) => {
  for (const t of def.terms) TERM_INDEX.set(t, i);
  for (const t of def.exact ?? []) EXACT_INDEX.set(t, i);
});
const WORD_CHAR = 'a-z0-9äöüßáéíóúñ';
const TERMS_RE = new RegExp(`(?<![${WORD_CHAR}])(?:${alternation([...TERM_INDEX.keys()])})(?![${WORD_CHAR}])`, 'g');
const EXACT_RE = new RegExp(`(?<![A-Za-z0-9])(?:${alternation([...EXACT_INDEX.keys()])})(?![A-Za-z0-9])`, 'g');

/**
 * The skill of every match of the global `re` in `text`. An exec loop rather than `matchAll`,
 * which copies the expression (a large one here) on every call: the same matches in half the time.
 */
function addMatches(re: RegExp, text: string, index: ReadonlyMap<string, number>, found: Set<number>): void {
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const i = index.get(m[0]);
    if (i !== undefined) found.add(i);
  }
}

/** Skills named in the text, in vocabulary order. `lower` is `text.toLowerCase()`. */
export function findSkills(text: string, lower: string): Named[] {
  const found = new Set<number>();
  addMatches(TERMS_RE, lower, TERM_INDEX, found);
  addMatches(EXACT_RE, text, EXACT_INDEX, found);
  // A kind of SEO (technical, on-page, local, ...) is SEO too.
  if (SEO_INDEX >= 0 && [...found].some((i) => SKILLS[i]?.slug.endsWith('-seo'))) found.add(SEO_INDEX);
  return [...found]
    .sort((a, b) => a - b)
    .flatMap((i) => {
      const def = SKILLS[i];
      return def ? [{ slug: def.slug, name: def.name }] : [];
    });
}
