/** Closed sets of the domain. Each is the list of option `value`s the filter data can show. */

export const WORK_MODELS = ['remote', 'hybrid', 'onsite'] as const;
export type WorkModel = (typeof WORK_MODELS)[number];

/** Working students (Werkstudent, working student, becario) are a level of their own, between interns and juniors. */
export const SENIORITY_LEVELS = ['intern', 'working-student', 'junior', 'mid', 'senior', 'lead', 'head'] as const;
export type SeniorityLevel = (typeof SENIORITY_LEVELS)[number];

export const EMPLOYMENT_TYPES = [
  'full-time',
  'part-time',
  'contract',
  'freelance',
  'temporary',
  'internship',
  'working-student',
  'apprenticeship',
  'mini-job',
] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];

/** Company sizes by number of employees (`numberOfEmployees`). */
export const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1001-5000', '5001+'] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];

/** Thresholds listed by the `remote_percentages` facet; a job counts under every threshold it reaches. */
export const REMOTE_PERCENTAGE_STEPS = [20, 40, 60, 80, 100] as const;

export const LANGUAGES = ['de', 'es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const PLACE_KINDS = ['city', 'region', 'country'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

export function isOneOf<T extends string>(set: readonly T[], value: string): value is T {
  return (set as readonly string[]).includes(value);
}
