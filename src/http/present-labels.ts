/**
 * What a card or the detail adds when the asker named a language (`lang`, else `Accept-Language`
 * naming de, es or en): the job's position, seniority level, employment type and work model as
 * labels in that language (as the filter data's `display_label`), and the areas a remote job is
 * open to, named in that language. Without a named language nothing is added.
 */
import { EMPLOYMENT_TYPE_LABELS, SENIORITY_LABELS, WORK_MODEL_LABELS } from '../domain/facet-labels.js';
import type { ListedJob } from '../domain/job.js';
import { positionBySlug } from '../domain/positions.js';
import type { Language } from '../domain/vocab.js';

export interface DisplayLabels {
  position: string;
  seniority_level: string | null;
  employment_type: string | null;
  work_model: string | null;
}

export interface LabelAdditions {
  display_labels: DisplayLabels;
  remote_open_to: string[];
}

type Labelled = Pick<ListedJob, 'position' | 'seniority' | 'employmentType' | 'workModel' | 'remoteEligibility'>;

export function labelAdditions(job: Labelled, language: Language): LabelAdditions {
  return {
    display_labels: {
      position: positionBySlug(job.position.slug)?.labels[language] ?? job.position.name,
      seniority_level: job.seniority === null ? null : SENIORITY_LABELS[job.seniority][language],
      employment_type: job.employmentType === null ? null : EMPLOYMENT_TYPE_LABELS[job.employmentType][language],
      work_model: job.workModel === null ? null : WORK_MODEL_LABELS[job.workModel][language],
    },
    remote_open_to: (job.remoteEligibility ?? []).map((code) => areaName(code, language)),
  };
}

const NAMES = new Map<Language, Intl.DisplayNames>();

/** A country (ISO 3166-1), the EU or a UN M49 area (`150` Europe, `001` the world) in the language. */
export function areaName(code: string, language: Language): string {
  let names = NAMES.get(language);
  if (names === undefined) NAMES.set(language, (names = new Intl.DisplayNames([language], { type: 'region' })));
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}
