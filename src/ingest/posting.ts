/**
 * A schema.org JobPosting after validation: the raw JSON-LD narrowed to the fields enrichment uses,
 * with every field coerced to one shape (strings trimmed, dates as epoch ms, lists as arrays).
 * Enrichment reads only this, never the raw record.
 */
import type { PostingIdentifier } from './identity.js';

export interface PostingAddress {
  locality: string | null;
  region: string | null;
  /** As given: a name ('Schweiz', 'Germany') or an ISO code ('DE'). */
  country: string | null;
  lat: number | null;
  lon: number | null;
}

/** `baseSalary` as given; numbers not yet annualised or converted. */
export interface PostingSalary {
  currency: string | null;
  min: number | null;
  max: number | null;
  /** `unitText` upper-cased ('YEAR', 'MONTH', ...), null when absent. */
  unit: string | null;
  /** A text value such as "Más de 30.000€", parsed like salary prose. */
  text: string | null;
}

export interface PostingOrganization {
  name: string;
  /** URLs from `url` and `sameAs`, in that order. */
  urls: string[];
  logo: string | null;
  industry: string | null;
  /** From `numberOfEmployees` (a number or a QuantitativeValue). */
  employees: number | null;
}

export interface Posting {
  title: string;
  description: string | null;
  /** The JobPosting `identifier`: its value and the name of the scheme it belongs to. */
  identifier: PostingIdentifier | null;
  url: string | null;
  datePosted: number | null;
  validThrough: number | null;
  /** Upper-cased schema values or free text as given ('FULL_TIME', 'Vollzeit'). */
  employmentTypes: string[];
  /** 'TELECOMMUTE', 'HYBRID', ... upper-cased; null when absent. */
  jobLocationType: string | null;
  organization: PostingOrganization;
  /** `industry` of the posting itself (the organisation's one is in `organization`). */
  industry: string | null;
  locations: PostingAddress[];
  /** Names from `applicantLocationRequirements` (Country / AdministrativeArea). */
  applicantLocations: string[];
  salary: PostingSalary | null;
  /** `skills` joined with ', ' when given as a list. */
  skills: string;
  workHours: string | null;
  occupationalCategories: string[];
  qualifications: string | null;
  responsibilities: string | null;
  experienceRequirements: string | null;
}
