import { describe, expect, it } from 'vitest';
import { remoteEligibility } from '../../../src/ingest/classify/remote-eligibility.js';

// Where applicants may live, per language: a phrase of residence or reach and an area, or an area
// with "only"/"-weit". Codes: ISO 3166-1 alpha-2, EU, 150 (Europe), 001 (the world).
describe('remote eligibility stated in the text', () => {
  it.each([
    // English
    ['This role is remote from anywhere in the EU.', ['EU']],
    ['Work from anywhere in Europe', ['150']],
    ['You can work remotely from anywhere in the world.', ['001']],
    ['Fully remote within Germany', ['DE']],
    ['Remote in Spain or Portugal', ['ES']],
    ['Candidates must be based in the UK.', ['GB']],
    ['You must reside in the United States', ['US']],
    ['Open to candidates located in Austria', ['AT']],
    ['You must be authorized to work in the US.', ['US']],
    ['US only', ['US']],
    ['Remote (EU-only)', ['EU']],
    // German, Austrian, Swiss
    ['Homeoffice innerhalb Deutschlands möglich', ['DE']],
    ['100 % Remote innerhalb der EU', ['EU']],
    ['Du arbeitest remote aus ganz Österreich', ['AT']],
    ['Wohnsitz in der Schweiz erforderlich', ['CH']],
    ['Remote aus der DACH-Region', ['DE', 'AT', 'CH']],
    ['deutschlandweit im Homeoffice', ['DE']],
    ['bundesweit remote', ['DE']],
    ['europaweit remote', ['150']],
    ['Von überall in Europa', ['150']],
    ['nur in Deutschland', ['DE']],
    // Spanish
    ['Solo residentes en España', ['ES']],
    ['Teletrabajo desde cualquier parte de España', ['ES']],
    ['Imprescindible residencia en España', ['ES']],
    ['100% remoto desde cualquier lugar de la UE', ['EU']],
    ['Trabajo en remoto dentro de la Unión Europea', ['EU']],
    // Several areas, in order of mention
    ['Remote within Germany; candidates based in Austria welcome', ['DE', 'AT']],
  ])('%s -> %j', (text, codes) => {
    expect(remoteEligibility(text.toLowerCase())).toEqual(codes);
  });

  it.each([
    'Remote in Berlin möglich',
    '100% remote',
    'Homeoffice innerhalb der Kernarbeitszeit',
    'dentro de la empresa',
    'Wir sind ein internationales Team in ganz Europa tätig? Nein: in Hamburg.',
    'candidates in marketing',
    'nur mit Erfahrung',
  ])('%s -> none', (text) => {
    expect(remoteEligibility(text.toLowerCase())).toEqual([]);
  });
});
