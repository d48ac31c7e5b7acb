/**
 * Employment type and seniority. Precedence for the employment type: cues in the title (Werkstudent,
 * Praktikum, Ausbildung, Minijob, freelance, "Voll- oder Teilzeit", ...), then the structured
 * `employmentType` (a CONTRACTOR whose text says "freiberuflich"/"freelancer" is freelance), then
 * working hours ("40 Stunden/Woche", a Swiss Pensum "80% – 100%", InfoJobs "Intensiva"), then
 * narrow cues in the description. All inputs are lower-case.
 */
import type { EmploymentType, SeniorityLevel } from '../../domain/vocab.js';
import { numberOf } from '../text/number-words.js';

type Cue<T> = readonly [RegExp, T];

const TITLE_TYPES: readonly Cue<EmploymentType>[] = [
  [/werkstudent|working student|studentische (?:aushilfe|hilfskraft)|trabajo para estudiantes/, 'working-student'],
  [/praktik|\bintern(?:ship)?\b|pr[aá]cticas|becari[oa]/, 'internship'],
  [/auszubildende|\bazubi|\bausbildung\b|apprentice|\baprendiz/, 'apprenticeship'],
  [/minijob|mini-job|geringf[uü]gig|\b(?:450|520|538|556)[ -]?(?:€|euro)/, 'mini-job'],
  [/freelance|freiberuf|freie[rn]? mitarbeit|aut[oó]nom[oa]/, 'freelance'],
  [/voll-?\s*(?:oder|und|\/)\s*teilzeit|vollzeit|full[- ]time|jornada completa|tiempo completo/, 'full-time'],
  [/teilzeit|part[- ]time|media jornada|tiempo parcial/, 'part-time'],
  [/(?<!un)befristet|fixed[- ]term|temporary|de duraci[oó]n determinada|temporal\b/, 'temporary'],
];

/** Structured values, strongest first when a posting lists several. */
const STRUCTURED: readonly Cue<EmploymentType>[] = [
  [/^intern(?:ship)?$/, 'internship'],
  [/^(?:temporary|per_diem|seasonal)$/, 'temporary'],
  [/^contract(?:or)?$/, 'contract'],
  [/^part[_ -]?time$/, 'part-time'],
  [/^full[_ -]?time$/, 'full-time'],
];

const FREELANCE_TEXT = /freiberuflich|\bfreelancer(?:s|in)?\b|\b1099\b|auf freelance-?basis|freie mitarbeit/;

const TEXT_TYPES: readonly Cue<EmploymentType>[] = [
  [/voll-?\s*(?:oder|und|\/)\s*teilzeit|vollzeit\s*(?:oder|\/)\s*teilzeit/, 'full-time'],
  [/vollzeit|full[- ]time|jornada completa|tiempo completo/, 'full-time'],
  [/teilzeit|part[- ]time|tiempo parcial|media jornada/, 'part-time'],
  [/minijob/, 'mini-job'],
  [/(?<!un)befristete[rns]? (?:vertrag|stelle|anstellung)|fixed[- ]term contract|contrato temporal/, 'temporary'],
];

const HOURS_RANGE = /(\d{1,2})\s*(?:-|–|bis|to|a)\s*(\d{1,2})\s*(?:stunden|std\.?|hours|horas|h)\b/;
const HOURS_ONE = /(\d{1,2})\s*(?:stunden|std\.?|hours|horas|h)\s*(?:\/|pro|per|a la|je)\s*(?:woche|week|semana|wo)/;
const HOURS_WEEKLY =
  /(\d{1,2})\s*(?:wochenstunden|horas semanales|weekly hours|hours a week|stunden w[oö]chentlich|std\.? w[oö]chentlich)/;
const PENSUM = /(\d{2,3})\s*%?\s*(?:-|–|bis)\s*(\d{2,3})\s*%(?!\s*remote)|^(\d{2,3})\s*%$/;
const FULL_TIME_HOURS = 35;

export interface EmploymentInput {
  title: string;
  types: readonly string[];
  workHours: string | null;
  text: string;
}

export function classifyEmploymentType(input: EmploymentInput): EmploymentType | null {
  const fromTitle = firstCue(TITLE_TYPES, input.title);
  if (fromTitle) return fromTitle;
  const structured = fromStructured(input.types);
  if (structured === 'contract' && FREELANCE_TEXT.test(input.text)) return 'freelance';
  if (structured) return structured;
  return fromHours(input.workHours ?? '') ?? fromHours(input.title) ?? fromText(input.text);
}

function fromStructured(types: readonly string[]): EmploymentType | null {
  const values = types.map((t) => t.toLowerCase().trim());
  for (const [re, type] of STRUCTURED) if (values.some((v) => re.test(v))) return type;
  for (const v of values) {
    const cue = firstCue(TITLE_TYPES, v) ?? fromHours(v);
    if (cue) return cue;
  }
  return null;
}

function fromHours(text: string): EmploymentType | null {
  if (text === '') return null;
  const range = HOURS_RANGE.exec(text);
  const one = range ? null : HOURS_ONE.exec(text);
  const hours = range ? Number(range[2]) : one ? Number(one[1]) : null;
  if (hours !== null && hours > 0 && hours <= 60) return hours >= FULL_TIME_HOURS ? 'full-time' : 'part-time';
  const pensum = PENSUM.exec(text.trim());
  if (pensum) {
    const top = Number(pensum[2] ?? pensum[3]);
    if (top > 0 && top <= 100) return top >= 90 ? 'full-time' : 'part-time';
  }
  if (/\bintensiva\b|\bcompleta\b/.test(text)) return 'full-time';
  if (/\bparcial\b/.test(text)) return 'part-time';
  return null;
}

/**
 * Working hours a week the posting states ("20 Stunden pro Woche", "20-30 h/Woche", "20 horas
 * semanales", "25 hours per week"), as [fewest, most]; null when it states none.
 */
export function statedWeeklyHours(text: string): readonly [number, number] | null {
  const range = HOURS_RANGE.exec(text);
  if (range) {
    const [lo, hi] = [Number(range[1]), Number(range[2])];
    return lo > 0 && hi <= 60 && lo <= hi ? [lo, hi] : null;
  }
  const one = HOURS_ONE.exec(text) ?? HOURS_WEEKLY.exec(text);
  const hours = one ? Number(one[1]) : 0;
  return hours > 0 && hours <= 60 ? [hours, hours] : null;
}

function fromText(text: string): EmploymentType | null {
  const hours = fromHours(text.slice(0, 4000));
  return firstCue(TEXT_TYPES, text) ?? hours;
}

function firstCue<T>(cues: readonly Cue<T>[], text: string): T | null {
  for (const [re, value] of cues) if (re.test(text)) return value;
  return null;
}

/**
 * Level words of a title, strongest first. Heads lead a department or a company; leads a team, a
 * branch or a project ("Teamleiter", "Filialleitung", "Team Lead"); "Chief of Staff" is an
 * assistant's role, not an officer's. A trainee programme is a graduate's entry (junior); an
 * apprenticeship (Ausbildung, Austrian and Swiss "Lehre", "Lehrling") is counted with interns.
 */
const SENIORITY_TITLE: readonly Cue<SeniorityLevel>[] = [
  [
    /\bhead of\b|\bdirector\b|\bdirektor|\bdirectora?\b|\bjef[ea]\b|\bchief (?!of staff)|(?<!to the |of the )\bc[emt]o\b|\bvp\b|vice president|bereichsleit|abteilungsleit|gesch[aä]ftsf[uü]hr|managing director|gerente general/,
    'head',
  ],
  [
    /\blead\b|\bleader\b|team ?lead|teamleit|\bprincipal\b|\bstaff engineer\b|gruppenleit|\bresponsable\b|(?:filial|standort|stellen|store|shop|projekt|schicht)leit|\bsupervisor/,
    'lead',
  ],
  [/\bleiter(?:in)?\b|\bleitung\b/, 'head'],
  [/\bsenior\b|\bsr\.?(?=\s)|\bexperienced\b/, 'senior'],
  [/\bjunior\b|\bjr\.?(?=\s)|entry[- ]level|berufseinsteiger|\bgraduate\b|\btrainee/, 'junior'],
  [
    /werkstudent|working student|studentische (?:aushilfe|hilfskraft)|studentenjob|student job|\bbecari[oa]s?\b|trabajo para estudiantes/,
    'working-student',
  ],
  [
    /praktik|\bintern(?:ship)?\b|auszubildende|\bazubi\b|\bausbildung\b|\blehrling|\blehrberuf|\blehrstelle|\blehre\b|\bpr[aá]cticas\b|apprentice|\baprendiz/,
    'intern',
  ],
  [/\bfacharzt|\bfach[aä]rztin|\boberarzt|\bober[aä]rztin/, 'senior'],
  [/\bassistenzarzt|\bassistenz[aä]rztin/, 'junior'],
];

/**
 * Job boards' level names, as a posting's `experienceRequirements` carries them: karriere.at and
 * StepStone ("Berufserfahrung", "Einsteiger", "Projekt-/Bereichsleitung", "Unternehmensführung"),
 * Arbeitnow ("berufserfahren", "berufseinstieg", "teamleitung", "geschäftsleitung"), LinkedIn-style
 * English ("entry level", "mid-senior level", "director"). Years ("Al menos 2 años") are read after.
 */
const BOARD_LEVELS: readonly Cue<SeniorityLevel>[] = [
  [/^(?:unternehmensf[uü]hrung|gesch[aä]ftsf[uü]hrung|gesch[aä]ftsleitung|executive|director|direcci[oó]n)\b/, 'head'],
  [/^(?:projekt-?\.?\s*(?:\/\s*)?bereichsleitung|teamleitung|f[uü]hrungskraft|management|mando intermedio)\b/, 'lead'],
  [/^(?:mid-senior level|senior level)\b/, 'senior'],
  [
    /^(?:berufserfahrung|berufserfahren|mit berufserfahrung|professional|experienced|mid level|associate|empleado)\b/,
    'mid',
  ],
  [/^(?:einsteiger|berufseinsteiger|berufseinstieg|entry level|entry|absolvent\w*|graduate)\b/, 'junior'],
  [/^(?:lehre|lehrling|ausbildung|apprenticeship)\b/, 'intern'],
  [/^(?:praktikum|praktika|internship|becario|pr[aá]cticas)\b/, 'intern'],
];

const N = String.raw`(\d{1,2}|einem|einen|ein|zwei|drei|vier|f[uü]nf|sechs|one|two|three|four|five|six|un|uno|dos|tres|cuatro|cinco|seis)`;
const UNIT = String.raw`(?:jahre?n?|years?|a[nñ]os?)`;
/**
 * Years of experience asked for: "mindestens 3 Jahre Berufserfahrung", "2-3 years of experience",
 * "experiencia de 2 años"; the number is group 1 or 2. The words and spaces before a number
 * ("mindestens", "at least", "más de") need no pattern of their own: they cannot hold a number, so
 * the first match takes the same number with them or without them, and a pattern that starts at
 * the number is tried at fewer places.
 */
export const YEARS_OF_EXPERIENCE = new RegExp(
  String.raw`(?<![\w.,])${N}\+?\s*(?:[-–]\s*\d{1,2}\+?\s*)?${UNIT}\b(?:[^.\n]{0,40}?)(?:berufserfahrung|erfahrung|experience|experiencia)|(?:berufserfahrung|experience|experiencia)[^.\n]{0,20}?(?<![\w.,])${N}\+?\s*${UNIT}`,
);

const EXPERIENCE_WORD = /erfahrung|experienc/;
/** Long experience asked for without a number of years. */
const LONG_EXPERIENCE =
  /langj[aä]hrige|extensive experience|amplia experiencia|dilatada experiencia|many years of experience/;
/**
 * Experience asked for without a number: "fundierte / mehrjährige Erfahrung", "Berufserfahrung in",
 * "Erfahrung mit/im/in", "proven / solid experience", "experience with/in", "experiencia en/como".
 * "Erste Erfahrungen" and "no experience" are handled before (junior); optional wording ("von
 * Vorteil", "a plus", "nice to have", "come in handy") is not asked for.
 */
const SOME_EXPERIENCE =
  /mehrj[aä]hrige|several years|fundierte[rn]? (?:berufs)?erfahrung|(?:^|[\n.;:•-]\s*)(?:fundierte |einschl[aä]gige |relevante |praktische )?(?:berufserfahrung|erfahrung) (?:in|im|mit|als|bei)\b|(?:proven|solid|strong|hands-on|professional|previous) (?:\w+ )?experience|(?:^|[\n.;:•*-]\s*)experience (?:with|in|as)\b|experiencia (?:en|como|demostrable|previa)/m;

export interface SeniorityInput {
  title: string;
  employmentType: EmploymentType | null;
  experience: string | null;
  text: string;
}

/** From the title, else the required experience; null when neither tells. */
export function classifySeniority(input: SeniorityInput): SeniorityLevel | null {
  const t = input.title;
  if (/\bjunior\b/.test(t) && /\bsenior\b/.test(t)) return 'mid';
  const fromTitle = firstCue(SENIORITY_TITLE, t);
  if (fromTitle) return fromTitle;
  const et = input.employmentType;
  if (et === 'working-student') return 'working-student';
  if (et === 'internship' || et === 'apprenticeship') return 'intern';
  const board = firstCue(BOARD_LEVELS, (input.experience ?? '').trim());
  if (board) return board;
  return fromExperience(input.experience ?? '') ?? fromExperience(input.text.slice(0, 6000));
}

function fromExperience(text: string): SeniorityLevel | null {
  if (text === '') return null;
  if (/no requerida|keine berufserfahrung|no experience required|no previous experience/.test(text)) return 'junior';
  const m =
    (EXPERIENCE_WORD.test(text) ? YEARS_OF_EXPERIENCE.exec(text) : null) ??
    /^(?:al menos|m[aá]s de|at least|mindestens)?\s*(\d{1,2})\s*(?:a[nñ]os?|years?|jahre?)\b/.exec(text.trim());
  if (m) {
    const word = m[1] ?? m[2] ?? '';
    const years = numberOf(word);
    if (years < 2) return 'junior';
    return years < 5 ? 'mid' : 'senior';
  }
  if (/erste (?:berufs)?erfahrung|berufseinsteiger|first experience|primera experiencia/.test(text)) return 'junior';
  if (LONG_EXPERIENCE.test(text)) return 'senior';
  if (SOME_EXPERIENCE.test(text)) return 'mid';
  return null;
}
