import { describe, expect, it } from 'vitest';
import {
  classifyEmploymentType,
  classifySeniority,
  type EmploymentInput,
  type SeniorityInput,
} from '../../../src/ingest/classify/classify-employment.js';

// All inputs are lower-case, as the enrichment passes them.
const type = (input: Partial<EmploymentInput>) =>
  classifyEmploymentType({ title: 'sachbearbeiter', types: [], workHours: null, text: '', ...input });
const seniority = (input: Partial<SeniorityInput>) =>
  classifySeniority({ title: 'sachbearbeiter', employmentType: null, experience: null, text: '', ...input });

describe('classifyEmploymentType: structured values', () => {
  it('reads the schema values, also with spaces around them', () => {
    expect(type({ types: ['FULL_TIME'] })).toBe('full-time');
    expect(type({ types: [' FULL_TIME '] })).toBe('full-time');
    expect(type({ types: ['PART_TIME', 'FULL_TIME'] })).toBe('part-time');
  });

  it('reads a CONTRACTOR as freelance only when the text says so', () => {
    expect(type({ types: ['CONTRACTOR'], text: 'als freelancer arbeitest du remote.' })).toBe('freelance');
    expect(type({ types: ['CONTRACTOR'], text: 'ein projekt über sechs monate.' })).toBe('contract');
    // The freelance wording does not turn another type into freelance.
    expect(type({ types: ['FULL_TIME'], text: 'freie mitarbeit ist auch möglich.' })).toBe('full-time');
    expect(type({ types: [], text: 'freie mitarbeit ist auch möglich.' })).toBeNull();
  });

  it('reads free-text values as a title cue or as working hours, the first value that tells', () => {
    expect(type({ types: ['Vollzeit'] })).toBe('full-time');
    expect(type({ types: ['Werkstudent'] })).toBe('working-student');
    expect(type({ types: ['20 Stunden pro Woche'] })).toBe('part-time');
    expect(type({ types: ['Sonstiges', 'Teilzeit'] })).toBe('part-time');
    expect(type({ types: ['Sonstiges'] })).toBeNull();
  });
});

describe('classifyEmploymentType: working hours', () => {
  const hours = (workHours: string) => type({ workHours });

  it('reads 35 to 60 hours a week as full-time, fewer as part-time, and ignores other numbers', () => {
    expect(hours('40 stunden pro woche')).toBe('full-time');
    expect(hours('35 stunden pro woche')).toBe('full-time');
    expect(hours('34 stunden pro woche')).toBe('part-time');
    expect(hours('20 hours per week')).toBe('part-time');
    expect(hours('60 hours per week')).toBe('full-time');
    expect(hours('70 hours per week')).toBeNull();
    expect(hours('0 hours per week')).toBeNull();
    expect(hours('30-40 stunden')).toBe('full-time');
    expect(hours('10 - 20 h')).toBe('part-time');
  });

  it('reads a Swiss Pensum: 90 % and more is full-time, above 100 % is none', () => {
    expect(hours('80% - 100%')).toBe('full-time');
    expect(hours('80 - 90 %')).toBe('full-time');
    expect(hours('60 - 80 %')).toBe('part-time');
    expect(hours('100%')).toBe('full-time');
    expect(hours(' 100% ')).toBe('full-time');
    expect(hours('50%')).toBe('part-time');
    expect(hours('120%')).toBeNull();
    expect(hours('80 - 120 %')).toBeNull();
  });

  it('reads the InfoJobs words: intensiva and completa full-time, parcial part-time', () => {
    expect(hours('jornada intensiva')).toBe('full-time');
    expect(hours('jornada completa')).toBe('full-time');
    expect(hours('jornada parcial')).toBe('part-time');
    expect(hours('jornada flexible')).toBeNull();
  });

  it('reads working hours from the first 4,000 characters of the text only', () => {
    const filler = 'wir sind ein tolles team. '.repeat(160);
    expect(filler.length).toBeGreaterThan(4000);
    expect(type({ text: 'du arbeitest 20 stunden pro woche.' })).toBe('part-time');
    expect(type({ text: `${filler}du arbeitest 20 stunden pro woche.` })).toBeNull();
  });
});

describe('classifySeniority: from the employment type and the experience asked for', () => {
  it('reads interns and apprentices as interns when the title says nothing', () => {
    expect(seniority({ employmentType: 'internship' })).toBe('intern');
    expect(seniority({ employmentType: 'apprenticeship' })).toBe('intern');
    expect(seniority({ employmentType: 'working-student' })).toBe('working-student');
    expect(seniority({ employmentType: 'full-time' })).toBeNull();
  });

  it('reads a number of years in the experience field', () => {
    const exp = (experience: string) => seniority({ experience });
    expect(exp('1 year')).toBe('junior');
    expect(exp('1 jahr')).toBe('junior');
    expect(exp('3 years')).toBe('mid');
    expect(exp('3years')).toBe('mid');
    expect(exp('mindestens 3 jahre')).toBe('mid');
    expect(exp(' 4 años')).toBe('mid');
    expect(exp(' mindestens 3 jahre')).toBe('mid');
    expect(exp('5 years')).toBe('senior');
    expect(exp('10 years')).toBe('senior');
    expect(exp('12 jahre')).toBe('senior');
  });

  it('does not read a number of years that is not experience (a contract of 2 years)', () => {
    expect(seniority({ text: 'der vertrag ist auf 2 jahre befristet.' })).toBeNull();
  });

  it('reads experience without a number', () => {
    const exp = (experience: string) => seniority({ experience });
    expect(exp('keine berufserfahrung nötig')).toBe('junior');
    expect(exp('no experience required')).toBe('junior');
    expect(exp('erste erfahrung im marketing wünschenswert')).toBe('junior');
    expect(exp('erste berufserfahrung im marketing')).toBe('junior');
    expect(exp('langjährige erfahrung im vertrieb')).toBe('senior');
    expect(exp('extensive experience in sales')).toBe('senior');
    expect(exp('berufserfahrung im vertrieb')).toBe('mid');
    expect(exp('gute laune')).toBeNull();
  });

  it('reads the experience from the first 6,000 characters of the text only', () => {
    const filler = 'wir sind ein tolles team. '.repeat(240);
    expect(filler.length).toBeGreaterThan(6000);
    expect(seniority({ text: 'du bringst 5 jahre berufserfahrung mit.' })).toBe('senior');
    expect(seniority({ text: `${filler}du bringst 5 jahre berufserfahrung mit.` })).toBeNull();
  });
});

describe('seniority vocabulary per language (titles and job boards’ level names)', () => {
  it.each([
    // German, Austrian and Swiss German titles
    ['leitung marketing (m/w)', 'head'],
    ['geschäftsführer/in', 'head'],
    ['bereichsleiter vertrieb', 'head'],
    ['teamleiter marketing & unternehmenskommunikation (m/w)', 'lead'],
    ['filialleitung / store manager', 'lead'],
    ['bankstellenleitung (m/w/d)', 'lead'],
    ['operations lead, operative leitung (w/m/d)', 'lead'],
    ['leader it-security (m/f)', 'lead'],
    ['senior objektmanager (m/w)', 'senior'],
    ['bilanzbuchhalterin (junior) - (m/w)', 'junior'],
    ['traineeprogramm corporate banking (f/m/d)', 'junior'],
    ['werkstudent (m/w) it administrator', 'working-student'],
    ['studentenjob (f/m/d) - online event marketing', 'working-student'],
    ['lehrling informationstechnologie (m/w)', 'intern'],
    ['lehrberuf informationstechnologie (m/w/d)', 'intern'],
    ['lehre hotelkaufmann/-frau', 'intern'],
    ['ausbildung: fachinformatiker für anwendungsentwicklung (m/w/d)', 'intern'],
    // Spanish
    ['director tecnico quimico', 'head'],
    ['responsable de rrhh', 'lead'],
    ['supervisor/a de teleoperadores/as', 'lead'],
    ['becario/a de marketing', 'working-student'],
    ['prácticas en administración', 'intern'],
    // English
    ['head of hr | hr manager (w/m/x)', 'head'],
    ['information technology team lead', 'lead'],
    ['senior software engineer', 'senior'],
    ['junior pr manager', 'junior'],
    // Not a level: an assistant of the CEO, a chief of staff
    ['chief of staff / executive assistant to the ceo (m/w/d)', null],
    ['marketing manager (m/w)', null],
  ] as const)('title %j → %s', (title, level) => {
    expect(seniority({ title })).toBe(level);
  });

  it.each([
    ['Berufserfahrung', 'mid'],
    ['berufserfahren', 'mid'],
    ['Einsteiger', 'junior'],
    ['berufseinstieg', 'junior'],
    ['Projekt-. Bereichsleitung', 'lead'],
    ['Projekt-/Bereichsleitung', 'lead'],
    ['teamleitung', 'lead'],
    ['Unternehmensführung', 'head'],
    ['geschäftsleitung', 'head'],
    ['Lehre', 'intern'],
    ['No Requerida', 'junior'],
    ['Al menos 1 año', 'junior'],
    ['Al menos 3 años', 'mid'],
    ['Más de 5 años', 'senior'],
    ['Entry level', 'junior'],
    ['Mid-Senior level', 'senior'],
    ['Selbständigkeit', null],
  ] as const)('level name %j → %s', (experience, level) => {
    expect(seniority({ experience: experience.toLowerCase() })).toBe(level);
  });
});
