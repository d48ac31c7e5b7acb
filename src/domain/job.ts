import type { CompanySize, EmploymentType, Language, SeniorityLevel, WorkModel } from './vocab.js';

/** A named thing with a filter value: `slug` is lower-case and is what filters and facets use. */
export interface Named {
  slug: string;
  name: string;
}

/**
 * Where a job is. A posting may list several; the first is the primary one.
 * `city` is null when the posting names only a region or country.
 */
export interface JobPlace {
  city: Named | null;
  region: Named | null;
  country: Named | null;
  /** ISO 3166-1 alpha-2, upper case ('DE'), when known. */
  countryCode: string | null;
  lat: number | null;
  lon: number | null;
}

/** The period a salary amount is stated for. */
export type SalaryPeriod = 'YEAR' | 'MONTH' | 'WEEK' | 'DAY' | 'HOUR';

/**
 * A salary exactly as the posting states it: amounts in the stated currency and period. An open
 * bound stays open: "bis ca. 75k €" has `min` null, "Mindestgehalt 21.000 €" has `max` null.
 */
export interface StatedSalary {
  min: number | null;
  max: number | null;
  /** ISO 4217 code as stated (or the country's currency when none is written): 'EUR', 'USD', 'CHF', 'GBP'. */
  currency: string;
  period: SalaryPeriod;
  /** Payments a year used to annualise a monthly amount: 12, or 13 / 14 when the posting says so. */
  paymentsPerYear: number;
}

/** How an estimate was made: which comparable group and how many postings with a salary it holds. */
export interface EstimateBasis {
  /** 'position-seniority-country' | 'position-country' | 'family-seniority-country' (see salary-estimate.ts). */
  step: string;
  sample: number;
}

/**
 * Annual salary range in whole euros (monthly and hourly amounts already annualised, other
 * currencies converted). An open bound is the stated bound on both sides (so it buckets and sorts
 * by what the posting says), and `stated` says which side is open.
 */
export interface SalaryRange {
  min: number;
  max: number;
  /** Given salaries: the statement behind the range. */
  stated?: StatedSalary;
  /** Estimated salaries: the comparable group used. */
  basis?: EstimateBasis;
}

export interface Company {
  /** Display name as the posting gives it. Its lower-case form is the filter value. */
  name: string;
  domain: string | null;
  website: string | null;
  logoUrl: string | null;
  size: CompanySize | null;
}

/**
 * An enriched posting: everything the index, the filters and the cards need.
 * Produced by ingest, kept by the store, read by the search engine.
 */
export interface Job {
  /** Identity across imports: `<source>:<identifier|url|hash>`. */
  key: string;
  /** Digits only; stable for the same key. */
  boardId: string;
  source: string;
  /** The posting's own `url` (its page, where one applies), null when it gives none. */
  url: string | null;
  title: string;
  company: Company;
  /** Industry slug (`online-marketing`, `healthcare`, ...), null when unknown. */
  industry: string | null;
  /** Normalised position: slug `seo-manager`, name `SEO Manager`. */
  position: Named;
  seniority: SeniorityLevel | null;
  employmentType: EmploymentType | null;
  workModel: WorkModel | null;
  /** Share of remote work 0..100, null when the posting does not tell. */
  remotePercentage: number | null;
  /** Skill tags (slug + display name). */
  skills: Named[];
  isSeo: boolean;
  language: Language;
  /** At least one place is not required (some postings state none). */
  places: JobPlace[];
  /**
   * Where applicants of a remote job may live, as the posting states it: ISO 3166-1 alpha-2 codes,
   * `EU`, `150` (Europe), `001` (the world); empty when it says nothing (absent on postings
   * stored before it existed).
   */
  remoteEligibility?: string[] | undefined;
  /** Salary as given by the posting, annualised EUR. */
  salary: SalaryRange | null;
  /** Estimate from comparable postings; set only where `salary` is null. Filled at index build. */
  estimatedSalary: SalaryRange | null;
  /** Short plain-text summary for the card. */
  summary: string;
  /** Excerpts (plain text) explaining relevance; '' when nothing fits. */
  seoContext: string;
  salaryContext: string;
  remoteContext: string;
  /** Plain text searched by keyword `q` (title, description); kept bounded in size by ingest. */
  searchText: string;
  /** Epoch milliseconds; null when the posting has no date. */
  postedAt: number | null;
  /** Epoch milliseconds; null when the posting never expires. */
  validThrough: number | null;
  /**
   * What only the one-posting view shows (`GET /jobs/api/jobs/{board_id}`): kept in the store,
   * never in the index (absent on postings stored before it existed).
   */
  detail?: JobDetail;
}

/** The posting's own words and links, as the detail view shows them. */
export interface JobDetail {
  /** The whole description as plain text (paragraphs separated by blank lines), bounded by ingest. */
  description: string;
  /** Where to apply: the posting's `url` (null when it has none). */
  applyUrl: string | null;
  /** The salary exactly as the posting stated it, before annualising and conversion. */
  statedSalary: PostingBaseSalary | null;
}

/**
 * The posting's `baseSalary` as its feed wrote it: amounts in `currency` per `unit` ('YEAR',
 * 'MONTH', 'HOUR', ...), or a text. (`SalaryRange.stated` is what enrichment read from it.)
 */
export interface PostingBaseSalary {
  currency: string | null;
  min: number | null;
  max: number | null;
  unit: string | null;
  text: string | null;
}

/** A job as a result list gives it: everything a card shows, without the indexed text and the source url. */
export type ListedJob = Omit<Job, 'searchText' | 'url'>;

/** The texts only a result card shows: the index keeps them serialised (src/search/columns/card-store.ts). */
export type CardText = 'summary' | 'seoContext' | 'salaryContext' | 'remoteContext';

/** A job as the index's structures are built from: a card without its texts. */
export type IndexedJob = Omit<ListedJob, CardText>;
