/**
 * Company facts and industry.
 *
 * Website and domain: the first URL of `hiringOrganization.url` / `sameAs` that is not a job board
 * or social network page (an InfoJobs or LinkedIn company page is not the employer's website).
 * Size: `numberOfEmployees` into COMPANY_SIZES, else a headcount the description states (see
 * sizeFromText). Industry: the posting's or organisation's
 * `industry`, else a "Branche:" line or `occupationalCategory`, else title and company name, mapped
 * through INDUSTRY_RULES; an SEO role with no other hint is `online-marketing`; else `other`.
 * An explicit industry that no rule knows is kept as its slug.
 */
import type { Company } from '../../domain/job.js';
import { stripAccents, toSlug } from '../../domain/text-fold.js';
import type { CompanySize } from '../../domain/vocab.js';
import type { PostingOrganization } from '../posting.js';

const NOT_A_WEBSITE =
  /(?:^|\.)(?:infojobs\.net|linkedin\.com|xing\.com|facebook\.com|instagram\.com|twitter\.com|x\.com|youtube\.com|stepstone\.\w+|indeed\.\w+|glassdoor\.\w+|kununu\.com|arbeitnow\.com|freelancermap\.\w+|wikipedia\.org|bamboohr\.com|personio\.\w+|greenhouse\.io|lever\.co|workable\.com)$/;

/** The company; `lower` is the lower-cased description, read for a stated headcount. */
export function companyOf(org: PostingOrganization, lower = ''): Company {
  let site: { website: string; host: string } | null = null;
  for (const url of org.urls) if ((site = websiteOf(url)) !== null) break;
  return {
    name: org.name,
    domain: site ? site.host.replace(/^www\./, '') : null,
    website: site?.website ?? null,
    logoUrl: org.logo !== null && /^https?:\/\//i.test(org.logo) ? org.logo : null,
    size: (org.employees === null ? null : sizeOf(org.employees)) ?? sizeFromText(lower),
  };
}

/** The URL as a website, with its lower-cased host name (one parse); null for no URL or a job board's page. */
function websiteOf(url: string): { website: string; host: string } | null {
  const withScheme = /^https?:\/\//i.test(url) ? url : /^www\./i.test(url) ? `https://${url}` : null;
  if (withScheme === null) return null;
  let host: string;
  try {
    host = new URL(withScheme).hostname.toLowerCase();
  } catch {
    return null;
  }
  return NOT_A_WEBSITE.test(host) ? null : { website: withScheme, host };
}

/**
 * A headcount stated in a description, in German, Spanish or English: a number (or a range) of
 * employees' nouns (Mitarbeitende, Beschäftigte, Kolleg:innen; empleados, trabajadores,
 * colaboradores, profesionales; employees, staff) that a size word introduces — a quantifier
 * ("über", "mehr als", "rund", "más de", "cerca de", "over", "about") or a verb of employing
 * ("beschäftigen", "contamos con", "employs") — or that a "+" or a range carries. A bare count
 * ("wir suchen 3 Mitarbeiter", "Team mit 5 Mitarbeitern") is a hiring number or a team, and a
 * headcount after a word of leading ("Führung von über 20 Mitarbeitenden", "manage 10+ staff") is
 * the team to lead: neither is a size. "über N"/"más de N"/"over N"/"N+" is more than N (N + 1);
 * a range is its middle.
 */
const NUMBER = String.raw`\d{1,3}(?:[.,' ]\d{3})+|\d+`;
const EMPLOYEES = String.raw`(?:mitarbeit\w*(?:[:*/_]?innen)?|beschäftigte\w*|angestellte\w*|kolleg(?:inn)?en(?: und kolleg\w*)?|kolleg\w*[:*_]innen|fachkräfte\w*|empleados?|trabajador(?:es|as)|colaborador(?:es|as)|profesionales|employees|staff(?: members)?|team members|colleagues)\b`;
const MORE = String.raw`über|mehr als|more than|over|más de|mas de|\+`;
const SIZE_WORD = String.raw`(?:${MORE}|rund|circa|ca\.|etwa|knapp|fast|annähernd|mittlerweile|inzwischen|insgesamt|beschäftigen|beschäftigt|zählen|zählt|cerca de|alrededor de|unos|casi|aproximadamente|contamos con|cuenta con|plantilla de|about|around|nearly|almost|approximately|employs?|employing)`;
const HEADCOUNT = new RegExp(
  String.raw`(?:(?<![\p{L}\p{N}])(${SIZE_WORD})\s+(?:(?:wir|we)\s+)?)?(${NUMBER})(?:\s*(?:-|–|bis|a|to)\s*(${NUMBER}))?\s*(\+)?\s*${EMPLOYEES}`,
  'giu',
);
/** Words of leading a team, in the few words before a headcount. */
const LEADING =
  /(?<![\p{L}])(?:führ(?:en|ung|st|t)|leit(?:en|ung|est|et)|verantwort\w*|betreu(?:en|ung|st)|lead(?:s|ing)?|manag(?:e|es|ing)|supervis(?:e|es|ing)|dirig(?:ir|es|irás)|gestion(?:ar|arás|as)|liderar|a cargo de)(?![\p{L}])[^.;:!?]{0,40}$/u;
const MORE_WORD = new RegExp(String.raw`^(?:${MORE})$`, 'i');

function headcountNumber(text: string): number {
  return Number(text.replace(/[.,' ]/g, ''));
}

/** Where an employees' noun starts: HEADCOUNT is only tried in the words before one. */
const NOUN_START =
  /mitarbeit|beschäftigte|angestellte|kolleg|fachkräfte|emplead|trabajador|colaborador|profesionales|employees|staff|team members|colleagues/g;

/** The company size a description states, or null (see HEADCOUNT). Reads lower-case text. */
export function sizeFromText(lower: string): CompanySize | null {
  NOUN_START.lastIndex = 0;
  for (let noun = NOUN_START.exec(lower); noun !== null; noun = NOUN_START.exec(lower)) {
    const start = Math.max(0, noun.index - 60);
    const size = sizeIn(lower.slice(start, noun.index + 40), lower.slice(Math.max(0, start - 60), start));
    if (size !== null) return size;
  }
  return null;
}

/** The size a headcount in `window` states; `before` is the text before it (for LEADING). */
function sizeIn(window: string, before: string): CompanySize | null {
  HEADCOUNT.lastIndex = 0;
  for (let m = HEADCOUNT.exec(window); m !== null; m = HEADCOUNT.exec(window)) {
    const [, word, from, to, plus] = m;
    if (word === undefined && to === undefined && plus === undefined) continue;
    if (LEADING.test((before + window.slice(0, m.index)).slice(-60))) continue;
    const low = headcountNumber(from!);
    const count =
      to !== undefined
        ? (low + headcountNumber(to)) / 2
        : plus !== undefined || (word !== undefined && MORE_WORD.test(word))
          ? low + 1
          : low;
    const size = sizeOf(count);
    if (size !== null) return size;
  }
  return null;
}

const SIZE_LIMITS: readonly (readonly [number, CompanySize])[] = [
  [10, '1-10'],
  [50, '11-50'],
  [200, '51-200'],
  [500, '201-500'],
  [1_000, '501-1000'],
  [5_000, '1001-5000'],
];

export function sizeOf(employees: number): CompanySize | null {
  if (!(employees > 0)) return null;
  for (const [limit, size] of SIZE_LIMITS) if (employees <= limit) return size;
  return '5001+';
}

/** Ordered: the first rule whose pattern matches the (accent-folded, lower-case) text wins. */
export const INDUSTRY_RULES: readonly (readonly [string, RegExp])[] = [
  [
    'online-marketing',
    /\b(?:online[- ]?marketing|seo|sea|performance[- ]marketing|digital[- ]?marketing|werbeagentur|digitalagentur|marketing ?agentur|agentur|agency|media ?agentur|marketing and communication|marketing y comunicacion)\b/,
  ],
  [
    'healthcare',
    /\b(?:pflege\w*|gesundheit\w*|medizin\w*|klinik\w*|krankenhaus|kranken\w*|arzt|facharzt\w*|sanidad|salud|health ?care|hospital|pharma\w*|sozialdienst|intensivpflege|domicilio)\b/,
  ],
  [
    'software',
    /\b(?:software|it|informatik|informatica|telecomunicaciones|saas|tech|developer|entwickler\w*|programacion|sistemas|sysadmin|systemadministrator|devops|web ?development)\b/,
  ],
  [
    'finance',
    /\b(?:finanz\w*|bank\w*|versicherung\w*|insurance|finance|financial|finanzas|seguros|steuer\w*|accounting|accountant|buchhalt\w*|actuario|inversion|investment|fintech|insurtech)\b/,
  ],
  ['real-estate', /\b(?:immobilie\w*|real estate|property|inmobiliari\w*|hausverwaltung)\b/],
  ['construction', /\b(?:bau\w*|construction|construccion|obras?|ingenieria civil|gebaudetechnik|elektro\w*)\b/],
  ['logistics', /\b(?:logisti\w*|almacen\w*|transporte?|spedition|warehouse|lager\w*|supply chain)\b/],
  ['travel', /\b(?:travel|tourism|touristik|reisen|reiseveranstalter|turismo|viajes)\b/],
  ['hospitality', /\b(?:gastronomie|gastro|hotel\w*|restaurante?|restauracion|hosteleria|hospitality|cocina|koch)\b/],
  ['e-commerce', /\b(?:e-?commerce|onlineshop|online-?handel|online retail|versandhandel|comercio electronico)\b/],
  ['retail', /\b(?:einzelhandel|handel|retail|comercio)\b/],
  [
    'manufacturing',
    /\b(?:produktion|industrie|manufactur\w*|maschinenbau|fertigung|automotive|automocion|fabrica\w*|montage)\b/,
  ],
  ['education', /\b(?:bildung|schule|universit\w*|hochschule|education|educacion|formacion|academy|akademie)\b/],
  [
    'public-sector',
    /\b(?:offentlicher dienst|behorde|verwaltung der|public sector|ayuntamiento|administracion publica|government|bundesamt|landesamt)\b/,
  ],
  ['media', /\b(?:medien|media|verlag|publishing|entertainment|journalism\w*|periodis\w*|comunicacion|wikimedia)\b/],
  ['consulting', /\b(?:beratung|consulting|consultoria|recruiting|personaldienst\w*|staffing|zeitarbeit|ett)\b/],
];

export interface IndustryInput {
  explicit: string | null;
  /** "Branche:" value from the description, occupational categories. */
  categories: readonly string[];
  title: string;
  company: string;
  isSeo: boolean;
}

export function industryOf(input: IndustryInput): string {
  if (input.explicit !== null) return ruleFor(input.explicit) ?? (toSlug(input.explicit) || 'other');
  for (const category of input.categories) {
    const hit = ruleFor(category);
    if (hit) return hit;
  }
  const fromTitle = ruleFor(`${input.title} ${input.company}`);
  if (fromTitle) return fromTitle;
  return input.isSeo ? 'online-marketing' : 'other';
}

function ruleFor(text: string): string | null {
  const folded = stripAccents(text);
  for (const [slug, re] of INDUSTRY_RULES) if (re.test(folded)) return slug;
  return null;
}

const BRANCHE = /(?:^|\n)\s*(?:branche|industry|sector|industria)\s*:\s*([^\n]{2,60})/i;

/** The value of a "Branche: ..." line in a description, if any. */
export function brancheLine(text: string): string | null {
  return BRANCHE.exec(text)?.[1]?.trim() ?? null;
}
