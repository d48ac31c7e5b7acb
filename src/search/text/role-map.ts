/**
 * One role, every language: a query word also matches the words that name the same occupation or
 * field in German, Spanish and English (`Analista` = `Analyst`, `Berater` = `Consultant` =
 * `Consultor`, `posicionamiento` = `SEO`). A small closed table in the convention of occupation
 * vocabularies such as ESCO (one concept, a preferred label per language, alternative labels): each
 * line is one concept, its members folded keys (lower case, no accents, one gender form, see
 * word-forms.ts). Agent nouns and process nouns are separate concepts (`berater` is not `beratung`).
 * Query side only: documents are indexed under their own words.
 */
const CONCEPTS: readonly (readonly string[])[] = [
  // Occupations (agent nouns)
  ['specialist', 'spezialist', 'especialista'],
  ['analyst', 'analytiker', 'analista'],
  ['consultant', 'berater', 'consultor', 'asesor', 'consultora'],
  ['head', 'leiter', 'jefe', 'responsable'],
  ['manager', 'gerente'],
  ['developer', 'entwickler', 'desarrollador', 'programmierer', 'programador'],
  ['engineer', 'ingenieur', 'ingeniero'],
  ['accountant', 'buchhalter', 'contable', 'contador'],
  [
    'nurse',
    'pflegefachkraft',
    'pflegefachfrau',
    'pflegefachmann',
    'pflegefachperson',
    'krankenpfleger',
    'krankenschwester',
    'enfermero',
  ],
  ['doctor', 'physician', 'arzt', 'arztin', 'medico'],
  ['cook', 'koch', 'kochin', 'cocinero'],
  ['electrician', 'elektriker', 'electricista'],
  ['warehouse', 'lager', 'almacen'],
  ['warehouseman', 'lagerist', 'almacenero', 'lagermitarbeiter'],
  ['cleaner', 'reiniger', 'limpiador'],
  ['physiotherapist', 'physiotherapeut', 'fisioterapeuta'],
  ['lawyer', 'jurist', 'abogado', 'rechtsanwalt'],
  ['mechanic', 'mechaniker', 'mecanico'],
  ['writer', 'texter', 'copywriter', 'redactor'],
  ['spokesperson', 'mediensprecher', 'portavoz'],
  ['intern', 'praktikant', 'becario'],
  ['sysadmin', 'systemadministrator', 'administrador'],
  ['director', 'direktor'],
  ['salesperson', 'verkaufer', 'vendedor', 'comercial'],
  ['project', 'projekt', 'proyecto'],
  // Fields and activities (process nouns)
  ['seo', 'suchmaschinenoptimierung', 'suchmaschinenoptimierer', 'posicionamiento'],
  ['accounting', 'buchhaltung', 'contabilidad'],
  ['cleaning', 'reinigung', 'limpieza'],
  ['communication', 'communications', 'kommunikation', 'comunicacion'],
  ['internship', 'praktikum', 'practicas'],
  ['data', 'daten', 'datos'],
  ['nursing', 'pflege', 'enfermeria'],
  ['hr', 'rrhh', 'personalwesen'],
  ['maintenance', 'instandhaltung', 'mantenimiento', 'wartung'],
];

import { typoBudget, typoKeys } from './typos.js';

const EQUIVALENTS: ReadonlyMap<string, readonly string[]> = new Map(
  CONCEPTS.flatMap((members) => members.map((m) => [m, members] as const)),
);

/** The concepts of the table, for tests and documentation. */
export const ROLE_CONCEPTS = CONCEPTS;

/**
 * The keys of a query word with every other member of their concepts appended (the word's own
 * keys first, order kept, no repeats).
 * @example withEquivalents(['analista']) // ['analista', 'analyst', 'analytiker']
 */
export function withEquivalents(keys: readonly string[]): string[] {
  const out = [...keys];
  for (const key of keys) for (const m of EQUIVALENTS.get(key) ?? []) if (!out.includes(m)) out.push(m);
  return out;
}

const MEMBERS: readonly string[] = [...EQUIVALENTS.keys()].sort();

/**
 * The members of every concept one of whose members is within the typo budget of a key (see
 * typos.ts) and that are no key already: a misspelt role still finds its other languages
 * (`Suchmaschinenoptimirung` -> `seo`, `posicionamiento`, ...). They count as typo corrections.
 * @example roleTypoKeys(['analist']) // ['analyst', 'analytiker', 'analista']
 */
export function roleTypoKeys(keys: readonly string[]): string[] {
  const out: string[] = [];
  for (const key of keys) {
    for (const i of typoKeys(MEMBERS, key, typoBudget(key.length))) {
      for (const m of EQUIVALENTS.get(MEMBERS[i]!)!) if (!keys.includes(m) && !out.includes(m)) out.push(m);
    }
  }
  return out;
}
