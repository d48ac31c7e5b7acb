import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  classifyEmploymentType,
  classifySeniority,
  YEARS_OF_EXPERIENCE,
} from '../../../src/ingest/classify/classify-employment.js';
import { classifyWork } from '../../../src/ingest/classify/classify-work.js';

interface EmploymentCase {
  types?: readonly string[];
  workHours?: string;
  text?: string;
}

const employment = (title: string, more: EmploymentCase = {}) =>
  classifyEmploymentType({
    title: title.toLowerCase(),
    types: more.types ?? [],
    workHours: more.workHours?.toLowerCase() ?? null,
    text: (more.text ?? '').toLowerCase(),
  });

describe('classifyEmploymentType', () => {
  it.each<[string, EmploymentCase, string | null]>([
    ['Werkstudent Online-Marketing (m/w/d)', {}, 'working-student'],
    ['Offpage SEO & Media Buying Manager (Werkstudent:in)', {}, 'working-student'],
    ['Working Student Fullstack Typescript Developer (f/m/d)', {}, 'working-student'],
    ['Pflichtpraktikum Online Marketing Manager (m/w/d)', {}, 'internship'],
    ['Auszubildende/r zum/zur Elektroniker/in (m/w/d)', { types: ['FULL_TIME'] }, 'apprenticeship'],
    ['Aushilfe Kasse (Minijob)', {}, 'mini-job'],
    ['Freelance marketer and SEO specialist', { types: ['CONTRACTOR'] }, 'freelance'],
    [
      'Facharzt für Pädiatrie (m/w/d)',
      { types: ['CONTRACTOR'], text: '- **Vertragsart:** Freiberuflich' },
      'freelance',
    ],
    ['Interim Controller', { types: ['CONTRACTOR'] }, 'contract'],
    ['MONTADOR/A Y DESMONTADOR DE EJES', { types: ['PART_TIME', 'TEMPORARY'] }, 'temporary'],
    ['Referent:in Steuern in Voll- oder Teilzeit (mind. 25 Std./Woche)', {}, 'full-time'],
    ['Teilzeitkraft Buchhaltung (m/w/d) - Remote, 20-30 Stunden/Woche', {}, 'part-time'],
    ['SEA Manager - Google Ads (m/w/d) - in Vollzeit', {}, 'full-time'],
    [
      'Online Marketing und SEA-Manager (m/w/d)',
      { text: 'Online Marketing und SEA-Manager (m/w/d), 20 bis 40 Stunden/Woche' },
      'full-time',
    ],
    ['Ingeniero Electrónico (H/M).', { workHours: 'Intensiva - Mañana' }, 'full-time'],
    ['IT Supplier & Finance Manager (m/w) 80-100%', { workHours: '80% – 100%' }, 'full-time'],
    ['Sachbearbeiter (m/w/d)', { workHours: '50%' }, 'part-time'],
    [
      'Buscamos a nuestro/a director/a de comunicación',
      { text: 'trabajando a tiempo parcial a partir de julio' },
      'part-time',
    ],
    ['Pflegefachkraft (m/w/d)', { text: 'ob Vollzeit oder Teilzeit, Minijob oder Nachtdienst' }, 'full-time'],
    ['Accountant (w/m/d)', { text: 'Abgeschlossene kaufmännische Ausbildung; Unbefristeter Arbeitsvertrag' }, null],
    ['WordPress Content Writer', { text: 'Previous freelance or remote work experience' }, null],
  ])('classifies %j', (title, more, expected) => {
    expect(employment(title, more)).toBe(expected);
  });
});

describe('YEARS_OF_EXPERIENCE', () => {
  // The pattern as first written, with the words and spaces that may stand before the number.
  const N = String.raw`(\d{1,2}|einem|einen|ein|zwei|drei|vier|f[uü]nf|sechs|one|two|three|four|five|six|un|uno|dos|tres|cuatro|cinco|seis)`;
  const UNIT = String.raw`(?:jahre?n?|years?|a[nñ]os?)`;
  const written = new RegExp(
    String.raw`(?:mindestens|min\.|at least|al menos|m[aá]s de|minimum(?: of)?|ab)?\s*(?<![\w.,])${N}\+?\s*(?:[-–]\s*\d{1,2}\+?\s*)?${UNIT}\b(?:[^.\n]{0,40}?)(?:berufserfahrung|erfahrung|experience|experiencia)|(?:berufserfahrung|experience|experiencia)[^.\n]{0,20}?(?<![\w.,])${N}\+?\s*${UNIT}`,
  );
  const numberOf = (re: RegExp, text: string): string | null => {
    const m = re.exec(text);
    return m === null ? null : (m[1] ?? m[2] ?? '');
  };

  it('finds the number of years asked for', () => {
    expect(numberOf(YEARS_OF_EXPERIENCE, 'mindestens 3 jahre berufserfahrung')).toBe('3');
    expect(numberOf(YEARS_OF_EXPERIENCE, 'at least 2-3 years of experience')).toBe('2');
    expect(numberOf(YEARS_OF_EXPERIENCE, 'experiencia de al menos dos años')).toBe('dos');
    expect(numberOf(YEARS_OF_EXPERIENCE, 'version 2.5 years experience')).toBe(null);
  });

  it('takes the number the pattern with the leading words takes, in any text', () => {
    const pieces = [
      ...'mindestens|min.|at least|al menos|más de|minimum|minimum of|ab|3|12|1.5|zwei|ein|einen|un|uno|dos|five|jahre|jahren|years|year|años|anos|erfahrung|berufserfahrung|experience|experiencia|de|of|in|-|–|+|,|.|\n| |  |x'.split(
        '|',
      ),
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 14 }), fc.boolean(), (parts, spaced) => {
        const text = parts.join(spaced ? ' ' : '');
        expect(numberOf(YEARS_OF_EXPERIENCE, text)).toBe(numberOf(written, text));
      }),
      { numRuns: 5_000 },
    );
  });
});

describe('classifySeniority', () => {
  const seniority = (title: string, experience: string | null = null, text = '') =>
    classifySeniority({ title: title.toLowerCase(), employmentType: null, experience, text });

  it.each([
    ['Head of Growth Marketing (m/w/d)', 'head'],
    ['Buscamos a nuestro/a director/a de comunicación', 'head'],
    ['Team Lead SEO', 'lead'],
    ['(Senior) SEO Specialist (m/f/d)', 'senior'],
    ['Junior SEO Manager (m/f/d)', 'junior'],
    ['(Junior/Senior) Technischer Property Manager (m/w/d)', 'mid'],
    // A trainee programme is a graduate's entry into the profession.
    ['Trainee Online Marketing', 'junior'],
  ])('reads %j as %s', (title, level) => {
    expect(seniority(title)).toBe(level);
  });

  it('falls back to the required experience', () => {
    expect(seniority('Cocinero/a', 'al menos 1 año')).toBe('junior');
    expect(seniority('Actuario (Pricing)', 'al menos 3 años')).toBe('mid');
    expect(seniority('Técnico', 'más de 5 años')).toBe('senior');
    expect(seniority('Elektroniker', 'mindestens 2 jahre berufserfahrung')).toBe('mid');
    expect(seniority('Elektroniker')).toBeNull();
  });

  it('gives working students their own level, and makes interns and apprentices interns', () => {
    expect(
      classifySeniority({ title: 'elektroniker', employmentType: 'apprenticeship', experience: null, text: '' }),
    ).toBe('intern');
    expect(classifySeniority({ title: 'seo', employmentType: 'working-student', experience: null, text: '' })).toBe(
      'working-student',
    );
    expect(seniority('Werkstudent SEO (m/w/d)')).toBe('working-student');
    expect(seniority('Working Student Content & SEO')).toBe('working-student');
    expect(seniority('Becario/a SEO')).toBe('working-student');
    expect(seniority('Praktikum SEO')).toBe('intern');
  });

  it('reads the experience a text asks for, in three languages', () => {
    expect(seniority('SEO Manager', null, '- 3+ jahre berufserfahrung im seo')).toBe('mid');
    expect(seniority('SEO Manager', null, '- fundierte erfahrung in seo – mit klarem technischen fokus')).toBe('mid');
    expect(seniority('Consultor SEO', null, 'se requiere experiencia mínima de 5 años en posicionamiento')).toBe(
      'senior',
    );
    expect(seniority('Java-Entwickler', null, 'mindestens zwei jahre berufserfahrung')).toBe('mid');
    expect(seniority('SEA Manager', null, '- 1–3+ jahre erfahrung im online-marketing')).toBe('junior');
    expect(
      seniority(
        'Accountant',
        null,
        '- mindestens 3 jahre berufserfahrung. erste erfahrungen in der schweiz sind ein plus',
      ),
    ).toBe('mid');
    expect(seniority('Digital Media Manager', null, 'idealerweise erste berufserfahrung in einer agentur')).toBe(
      'junior',
    );
    expect(seniority('Buchhalter', null, '- berufserfahrung in der debitorenbuchhaltung')).toBe('mid');
    expect(seniority('QA Tester', null, '* previous experience working as a qa tester.')).toBe('mid');
    expect(seniority('Content Writer', null, 'here are the skills that will come in handy: writing.')).toBeNull();
  });
});

describe('classifyWork', () => {
  const work = (title: string, text: string, jobLocationType: string | null = null, hasPhysicalPlace = true) =>
    classifyWork({ title: title.toLowerCase(), text: text.toLowerCase(), jobLocationType, hasPhysicalPlace });

  it.each([
    ['Organic Search Manager | 100% remote', '- 100 % Remote – arbeite, wo du willst', 'TELECOMMUTE', 'remote', 100],
    ['Referent:in Steuern', '- Bis zu 100% Remote-Tätigkeit möglich', 'TELECOMMUTE', 'remote', 100],
    ['Actuario (Pricing)', '', 'HYBRID', 'hybrid', null],
    ['SysAdmin (100 % Teletrabajo)', '', null, 'remote', 100],
    [
      'Buchhalter:in in Berlin Süd 40.000 - 50.000, hybrid',
      'Flexible Arbeitszeiten und Homeoffice-Möglichkeiten von bis zu 3 Tagen / Woche',
      null,
      'hybrid',
      60,
    ],
    ['Online Marketing Manager', '- hybrides Modell (3 Tage Office + 2 Tage Remote / Woche)', null, 'hybrid', 40],
    ['(Senior) SEO Specialist', 'As a general rule, we offer two days of remote working per week.', null, 'hybrid', 40],
    [
      'Freelance Content & SEO Specialist (Wien/Remote)',
      '- **Einsatzart:** 80\n      % Remote\nBevorzugt aus Wien – Remote vollständig möglich',
      null,
      'remote',
      80,
    ],
    [
      'Online Marketing Experte',
      '- Auslastung: 20% (1 Tag pro Woche)\n- Einsatzart: 20\n  % Remote',
      null,
      'hybrid',
      20,
    ],
    ['SEO & Digital Ads Specialist', '- Auslastung: 100% (5 Tage pro Woche)', null, 'onsite', null],
    ['SEA Manager - Google Ads', 'Es handelt sich hierbei um keine Remote Stelle!', null, 'onsite', 0],
    ['System Spezialist 80-100% (m,w,d)', 'Pensum: 80-100% (Vorwiegend onsite)', null, 'onsite', null],
    [
      'Werkstudent Online-Marketing',
      'an unserem Standort in Hamburg (mobiles Arbeiten im Wechsel mit Präsenz möglich)',
      null,
      'hybrid',
      null,
    ],
    [
      'WordPress Content Writer',
      'This is a remote position - our team is spread around the globe!',
      null,
      'remote',
      100,
    ],
    [
      'Director de comunicación',
      'Trabajarías solo a tiempo parcial, a distancia la mayor parte del tiempo.',
      null,
      'hybrid',
      null,
    ],
    ['Cocinero/a', '', null, 'onsite', null],
    ['Cocinero/a', 'Puesto 100 % presencial en Madrid.', null, 'onsite', 0],
    ['SEO Manager', 'Wir bieten 2 Tage Homeoffice pro Woche.', null, 'hybrid', 40],
    ['SEO Manager', 'Arbeite 100 % remote aus ganz Deutschland.', null, 'remote', 100],
    ['SEO Manager', 'Wir arbeiten hybrid.', null, 'hybrid', null],
    ['Werkstudent SEO', 'Standort: Remote / Hybrid / Offenbach', null, 'remote', null],
    ['Head of Growth', '- Remote-first-Arbeitsumfeld mit flexiblen Arbeitszeiten.', null, 'remote', null],
    ['SEO Manager', 'Du arbeitest von zu Hause, mit regelmäßigen Besuchen im Büro.', null, 'hybrid', null],
    ['SEO Specialist', 'Puedes trabajar en remoto dos días a la semana.', null, 'hybrid', 40],
    ['Content Writer', 'Fully remote within the EU.', null, 'remote', 100],
  ])('classifies %j', (title, text, type, model, share) => {
    expect(work(title, text, type)).toEqual({ workModel: model, remotePercentage: share });
  });

  it('says nothing when the posting names no place and no cue', () => {
    expect(work('Marketing & Sales Manager', 'Wir sind ein Startup.', null, false)).toEqual({
      workModel: null,
      remotePercentage: null,
    });
  });

  it('does not read a 30-day holiday as remote days', () => {
    expect(work('Accountant', 'Ein hybrides Arbeitsmodell. 30 Tage Erholungsurlaub, remote möglich')).toEqual({
      workModel: 'hybrid',
      remotePercentage: null,
    });
  });
});
