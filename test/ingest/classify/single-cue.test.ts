/**
 * Cases where one cue alone decides the derived value, so that losing the cue (a keyword dropped
 * from a list, a country added to a rule) changes the answer. Each case also states what the
 * same posting gives without the cue.
 */
import { describe, expect, it } from 'vitest';
import { classifyWork } from '../../../src/ingest/classify/classify-work.js';
import { salaryFromPosting, salaryFromText } from '../../../src/ingest/salary/salary.js';

const workModel = (title: string, text: string, hasPhysicalPlace: boolean) =>
  classifyWork({ title: title.toLowerCase(), text: text.toLowerCase(), jobLocationType: null, hasPhysicalPlace })
    .workModel;

describe('one keyword decides the work model', () => {
  it.each([
    // no place named, so without the keyword nothing would be said
    [
      'presencial (es), onsite',
      'Dependiente/a',
      'Trabajo presencial en nuestra tienda.',
      false,
      'onsite',
      'Trabajo en nuestra tienda.',
      null,
    ],
    [
      '"ausschließlich vor Ort" (de), onsite',
      'Sachbearbeiter',
      'Die Tätigkeit ist ausschließlich vor Ort.',
      false,
      'onsite',
      'Die Tätigkeit ist spannend.',
      null,
    ],
    // a place named, so without the keyword it would be onsite
    [
      'hybrid (en) in the text',
      'Content Manager',
      'This is a hybrid role in our Berlin office.',
      true,
      'hybrid',
      'This is a role in our Berlin office.',
      'onsite',
    ],
    [
      'híbrido (es) in the text',
      'Redactor SEO',
      'Modelo de trabajo híbrido en Madrid.',
      true,
      'hybrid',
      'Modelo de trabajo en Madrid.',
      'onsite',
    ],
    [
      '"fully remote" (en) in the text',
      'SEO Writer',
      'The position is fully remote.',
      true,
      'remote',
      'The position is exciting.',
      'onsite',
    ],
  ] as const)('%s', (_cue, title, text, hasPlace, expected, withoutCue, expectedWithout) => {
    expect(workModel(title, text, hasPlace)).toBe(expected);
    expect(workModel(title, withoutCue, hasPlace)).toBe(expectedWithout);
  });

  it('reads the English "hybrid" in a title with no other cue', () => {
    expect(workModel('SEO Manager (hybrid)', 'Wir freuen uns auf dich.', true)).toBe('hybrid');
    expect(workModel('SEO Manager', 'Wir freuen uns auf dich.', true)).toBe('onsite');
  });

  it('lets "presencial" outweigh a mention of teletrabajo', () => {
    expect(workModel('Administrativo/a', 'Puesto presencial; no ofrecemos teletrabajo.', true)).toBe('onsite');
  });
});

/** The annual range in EUR only (the stated amount and its period naturally differ). */
const annual = (s: { min: number; max: number } | null) => (s === null ? null : { min: s.min, max: s.max });

describe('Switzerland is paid in twelve monthly salaries', () => {
  // Unless a posting states 13 or 14 payments, a Swiss monthly salary is a twelfth of the year:
  // the same posting stated per year gives the same annual range, whatever the exchange rate.
  it('annualises a structured monthly CHF salary ×12, never ×14', () => {
    const monthly = salaryFromPosting({ currency: 'CHF', min: 6_000, max: 7_000, unit: 'MONTH', text: null }, 'CH');
    const yearly = salaryFromPosting({ currency: 'CHF', min: 72_000, max: 84_000, unit: 'YEAR', text: null }, 'CH');
    expect(monthly).not.toBeNull();
    expect(annual(monthly)).toEqual(annual(yearly));
  });

  it('annualises a monthly salary stated in a Swiss text ×12', () => {
    const monthly = salaryFromText('SEO Manager', 'Das Gehalt beträgt CHF 6.500 pro Monat.', 'CH');
    const yearly = salaryFromText('SEO Manager', 'Das Gehalt beträgt CHF 78.000 pro Jahr.', 'CH');
    expect(monthly).not.toBeNull();
    expect(annual(monthly)).toEqual(annual(yearly));
  });
});
