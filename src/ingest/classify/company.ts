/**
 * Company facts and industry.
 *
 * Website and domain: the first URL of `hiringOrganization.url` / `sameAs` that is not a job board
 * or social network page (an InfoJobs or LinkedIn company page is not the employer's website).
 * Size: `numberOfEmployees` into COMPANY_SIZES. Industry: the posting's or organisation's
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

export function companyOf(org: PostingOrganization): Company {
  let site: { website: string; host: string } | null = null;
  for (const url of org.urls) if ((site = websiteOf(url)) !== null) break;
  return {
    name: org.name,
    domain: site ? site.host.replace(/^www\./, '') : null,
    website: site?.website ?? null,
    logoUrl: org.logo !== null && /^https?:\/\//i.test(org.logo) ? org.logo : null,
    size: org.employees === null ? null : sizeOf(org.employees),
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
