import { describe, expect, it } from 'vitest';
import { classifyWork } from '../../../src/ingest/classify/classify-work.js';

const work = (text: string, title = 'sachbearbeiter', jobLocationType: string | null = null) =>
  classifyWork({ title, jobLocationType, text: text.toLowerCase(), hasPhysicalPlace: true });

describe('work model and remote share, a vocabulary per language', () => {
  it.each([
    // German, Austrian and Swiss German
    ['Teilweise Homeoffice möglich.', 'hybrid', null],
    ['Möglichkeit zum Teil im Homeoffice zu arbeiten.', 'hybrid', null],
    ['Hybride Arbeitsweise in unserem Büro in Wien.', 'hybrid', null],
    ['Flexible Arbeitszeiten und mobiles Arbeiten.', 'hybrid', null],
    ['Unbefristete Vollzeitstelle mit 2 Tagen Homeoffice.', 'hybrid', 40],
    ['Hybrides Arbeitsmodell mit einer monatlich 50%igen Anwesenheit im HQ.', 'hybrid', 50],
    ['Genieße die Flexibilität, zu 100% deutschlandweit im Homeoffice zu arbeiten.', 'remote', 100],
    ['Kein remote Job. Modernes Büro in Passau.', 'onsite', 0],
    ['Standort Osnabrück (kein Remote).', 'onsite', 0],
    ['Pensum 80-100%, Arbeitsort Zürich.', 'onsite', null],
    ['Ein modernes Büro in Hamburg.', 'onsite', null],
    // Spanish
    ['Modalidad: teletrabajo parcial.', 'hybrid', null],
    ['Trabajo 100% presencial en nuestras oficinas.', 'onsite', 0],
    ['Puesto 100% en remoto.', 'remote', 100],
    ['Solo teletrabajo.', 'remote', 100],
    // English
    ['A hybrid work model with 50% presence at the headquarters each month.', 'hybrid', 50],
    ['This is a remote position.', 'remote', 100],
    ['Two days of remote working per week.', 'hybrid', 40],
    ['Competitive salary and flexible remote/hybrid work.', 'hybrid', null],
  ] as const)('%j → %s, %s', (text, model, share) => {
    expect(work(text)).toEqual({ workModel: model, remotePercentage: share });
  });

  it.each([
    ['Administrativo/a (teletrabajo parcial)', 'hybrid'],
    ['Desarrollador/a Java remoto', 'remote'],
    ['Sachbearbeiter (m/w/d) – teilweise Homeoffice', 'hybrid'],
    ['Software Engineer 80-100%', 'onsite'],
  ] as const)('title %j → %s', (title, model) => {
    expect(work('', title.toLowerCase()).workModel).toBe(model);
  });

  it('keeps no share for a board-flagged remote job whose text says remote or hybrid', () => {
    expect(work('Competitive salary, flexible remote/hybrid work.', 'data analyst', 'TELECOMMUTE')).toEqual({
      workModel: 'remote',
      remotePercentage: null,
    });
  });
});
