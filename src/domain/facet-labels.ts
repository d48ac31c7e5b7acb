/**
 * Human labels of the closed facets' values in German, Spanish and English (the asker's language;
 * German by default, as the contract observed). Positions carry their own labels
 * (src/ingest/positions.ts); companies and places are names already.
 */
import type { EmploymentType, Language, SeniorityLevel, WorkModel } from './vocab.js';

export const LABEL_LANGUAGES: readonly Language[] = ['de', 'es', 'en'];
export const DEFAULT_LABEL_LANGUAGE: Language = 'de';

export const SENIORITY_LABELS: Readonly<Record<SeniorityLevel, Readonly<Record<Language, string>>>> = {
  intern: { de: 'Praktikum / Ausbildung', es: 'Prácticas / aprendiz', en: 'Intern / apprentice' },
  'working-student': { de: 'Werkstudent/-in', es: 'Estudiante en prácticas', en: 'Working student' },
  junior: { de: 'Junior / Berufseinstieg', es: 'Junior', en: 'Junior / entry level' },
  mid: { de: 'Mit Berufserfahrung', es: 'Con experiencia', en: 'Experienced (mid level)' },
  senior: { de: 'Senior', es: 'Senior', en: 'Senior' },
  lead: { de: 'Teamleitung', es: 'Responsable de equipo', en: 'Team lead' },
  head: { de: 'Bereichs-/Geschäftsleitung', es: 'Dirección', en: 'Head / director' },
};

export const EMPLOYMENT_TYPE_LABELS: Readonly<Record<EmploymentType, Readonly<Record<Language, string>>>> = {
  'full-time': { de: 'Vollzeit', es: 'Jornada completa', en: 'Full-time' },
  'part-time': { de: 'Teilzeit', es: 'Media jornada', en: 'Part-time' },
  contract: { de: 'Befristeter Vertrag / Projekt', es: 'Contrato por obra', en: 'Contract' },
  freelance: { de: 'Freiberuflich', es: 'Autónomo / freelance', en: 'Freelance' },
  temporary: { de: 'Befristet', es: 'Temporal', en: 'Temporary' },
  internship: { de: 'Praktikum', es: 'Prácticas', en: 'Internship' },
  'working-student': { de: 'Werkstudent/-in', es: 'Trabajo para estudiantes', en: 'Working student' },
  apprenticeship: { de: 'Ausbildung / Lehre', es: 'Formación profesional dual', en: 'Apprenticeship' },
  'mini-job': { de: 'Minijob', es: 'Minijob (empleo marginal)', en: 'Mini-job' },
};

export const WORK_MODEL_LABELS: Readonly<Record<WorkModel, Readonly<Record<Language, string>>>> = {
  remote: { de: 'Remote', es: 'Teletrabajo', en: 'Remote' },
  hybrid: { de: 'Hybrid', es: 'Híbrido', en: 'Hybrid' },
  onsite: { de: 'Vor Ort', es: 'Presencial', en: 'On-site' },
};

/** "ab 40 % remote", "desde 40 % en remoto", "at least 40 % remote"; 100 reads as fully remote. */
export function remoteShareLabel(step: number, language: Language): string {
  if (step >= 100) return { de: '100 % remote', es: '100 % en remoto', en: '100 % remote' }[language];
  return { de: `ab ${step} % remote`, es: `desde ${step} % en remoto`, en: `at least ${step} % remote` }[language];
}

/** A salary bucket ("40000-60000", "80000+") in EUR a year, grouped as the language writes numbers. */
export function salaryBucketLabel(value: string, language: Language): string | null {
  const m = /^(\d+)(?:-(\d+)|\+)$/.exec(value);
  if (!m) return null;
  const group = (n: string): string => n.replace(/\B(?=(\d{3})+(?!\d))/g, language === 'en' ? ',' : '.');
  const [lo, hi] = [group(m[1] ?? '0'), m[2] === undefined ? null : group(m[2])];
  const year = { de: 'EUR/Jahr', es: 'EUR/año', en: 'EUR a year' }[language];
  if (hi !== null) return `${lo} – ${hi} ${year}`;
  return { de: `ab ${lo} ${year}`, es: `desde ${lo} ${year}`, en: `${lo}+ ${year}` }[language];
}

/** The asker's label of a closed facet's value; null when the facet or the value has none here. */
export function vocabularyLabel(list: string, value: string, language: Language): string | null {
  switch (list) {
    case 'seniorityLevels':
      return (SENIORITY_LABELS as Record<string, Record<Language, string> | undefined>)[value]?.[language] ?? null;
    case 'employmentTypes':
      return (
        (EMPLOYMENT_TYPE_LABELS as Record<string, Record<Language, string> | undefined>)[value]?.[language] ?? null
      );
    case 'workModels':
      return (WORK_MODEL_LABELS as Record<string, Record<Language, string> | undefined>)[value]?.[language] ?? null;
    case 'remotePercentages':
      return /^\d+$/.test(value) ? remoteShareLabel(Number(value), language) : null;
    case 'salaryRanges':
      return salaryBucketLabel(value, language);
    default:
      return null;
  }
}
