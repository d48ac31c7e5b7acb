import { describe, expect, it } from 'vitest';
import { companyKey } from '../../src/domain/company-key.js';

// The employer key: one employer under one facet value however its postings write its name.
describe('companyKey: legal forms at the end name no employer', () => {
  it.each([
    // Germany, Austria, Switzerland
    ['Hays AG', 'hays'],
    ['FinMent GmbH', 'finment'],
    ['Stowasserplan GmbH & Co. KG', 'stowasserplan'],
    ['Müller AG & Co. KG', 'müller'],
    ['Vorwerk International Strecker & Co. ', 'vorwerk international strecker'],
    ['InkuPlay UG (haftungsbeschränkt)', 'inkuplay'],
    ['smartkündigen OHG', 'smartkündigen'],
    ['Bundesverbraucherhilfe e.V.', 'bundesverbraucherhilfe'],
    ['iGrow e.U.', 'igrow'],
    ['Beispiel Ges.m.b.H.', 'beispiel'],
    ['Beispiel GesmbH', 'beispiel'],
    ['Beispiel OG', 'beispiel'],
    ['SAP SE', 'sap'],
    ['Hilti Aktiengesellschaft', 'hilti'],
    ['HotFeet GmbH', 'hotfeet'],
    ['Exemple Sàrl', 'exemple'],
    ['Esempio Sagl', 'esempio'],
    ['Nestlé SA', 'nestlé'],
    // Spain
    ['TEMPS ETT S.L.', 'temps ett'],
    ['SERVIMEDIC REHABILITACIÓ I TRAUMATOLOGIA, SL', 'servimedic rehabilitació i traumatologia'],
    ['PINKY LIDBERS SLP.', 'pinky lidbers'],
    ['Ejemplo S.L.U.', 'ejemplo'],
    ['Ejemplo S.A.', 'ejemplo'],
    ['Cooperativa Ejemplo S.Coop.', 'cooperativa ejemplo'],
    ['WIT CREATIVO AGENCIA DE COMUNICACION SOCIEDAD LIMITADA.', 'wit creativo agencia de comunicacion'],
    ['Ejemplo Sociedad Anónima', 'ejemplo'],
    // English, Dutch
    ['Awesome Motive, Inc', 'awesome motive'],
    ['Solve it once LLC', 'solve it once'],
    ['Example Ltd.', 'example'],
    ['Example Limited', 'example'],
    ['Example plc', 'example'],
    ['Eleo Technologies B.V.', 'eleo technologies'],
  ])('%s -> %s', (name, key) => {
    expect(companyKey(name)).toBe(key);
  });
});

describe('companyKey: a slogan, department or place after a spaced dash or bar is not the name', () => {
  it.each([
    ['Hays – Working for your tomorrow', 'hays'],
    ['Hays AG — Working for your tomorrow', 'hays'],
    ['WURAVENTA - PASSION FOR TALENT', 'wuraventa'],
    ['QTalents - Real Estate Recruiting', 'qtalents'],
    ['Contact Center - Barcelona', 'contact center'],
    ['Acme | Karriere', 'acme'],
  ])('%s -> %s', (name, key) => {
    expect(companyKey(name)).toBe(key);
  });
});

describe('companyKey: what stays part of the name', () => {
  it.each([
    // A hyphen inside a name, a domain, words like Group or Holding, a legal form inside the name.
    ['Mercedes-Benz AG', 'mercedes-benz'],
    ['Holz-Richter GmbH', 'holz-richter'],
    ['hurra.com', 'hurra.com'],
    ['acemate.ai', 'acemate.ai'],
    ['StepStone Group', 'stepstone group'],
    ['Engel & Völkers Holding GmbH', 'engel & völkers holding'],
    ['Hilti Aktiengesellschaft Schaan', 'hilti aktiengesellschaft schaan'],
    ['Zurich Insurance Company', 'zurich insurance company'],
    ['Grupo Diusframi', 'grupo diusframi'],
    ['Wikimedia España', 'wikimedia españa'],
    // A name that is only a legal form or a dash keeps it.
    ['AG', 'ag'],
    ['S.L.', 's.l.'],
    ['– Acme –', '– acme'],
    ['  Acme   Search  GmbH ', 'acme search'],
  ])('%s -> %s', (name, key) => {
    expect(companyKey(name)).toBe(key);
  });

  it('gives every spelling of one employer one key, and two employers two keys', () => {
    const spellings = ['Hays AG', 'HAYS', 'Hays – Working for your tomorrow', 'hays ag'];
    expect(new Set(spellings.map(companyKey))).toEqual(new Set(['hays']));
    expect(companyKey('Hays AG')).not.toBe(companyKey('Haysen AG'));
  });
});
