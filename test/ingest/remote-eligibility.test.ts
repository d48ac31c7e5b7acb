import { describe, expect, it } from 'vitest';
import { recordToJob } from '../../src/ingest/record-to-job.js';

const NOW = Date.UTC(2026, 10, 21);

function enrich(record: Record<string, unknown>) {
  const result = recordToJob(
    { '@type': 'JobPosting', hiringOrganization: { name: 'Acme GmbH' }, description: 'Wir suchen dich.', ...record },
    { source: 'test', now: NOW },
  );
  if (!result.ok) throw new Error(result.reason);
  return result.job;
}

const countries = (job: { places: readonly { countryCode: string | null; city: unknown }[] }) =>
  job.places.map((p) => p.countryCode);

describe('remote eligibility: where applicants may live', () => {
  it('places a remote job in every country its applicants may live in, after its workplace', () => {
    const job = enrich({
      title: 'SEO Manager (m/w/d)',
      jobLocationType: 'TELECOMMUTE',
      jobLocation: { address: { addressLocality: 'Berlin', addressCountry: 'DE' } },
      applicantLocationRequirements: [
        { '@type': 'Country', name: 'Deutschland' },
        { '@type': 'Country', name: 'Österreich' },
        { '@type': 'Country', name: 'Schweiz' },
      ],
    });
    expect(job.workModel).toBe('remote');
    expect(job.places[0]?.city?.slug).toBe('berlin');
    expect(countries(job)).toEqual(expect.arrayContaining(['DE', 'AT', 'CH']));
    expect(countries(job)).not.toContain('ES');
  });

  it('keeps a US-only remote job out of European countries', () => {
    const job = enrich({
      title: 'SEO Specialist',
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: { '@type': 'Country', name: 'USA' },
    });
    expect(countries(job)).toEqual(['US']);
  });

  it('does not move an onsite job to the applicant countries', () => {
    const job = enrich({
      title: 'Buchhalter (m/w/d)',
      jobLocation: { address: { addressLocality: 'Wien', addressCountry: 'AT' } },
      applicantLocationRequirements: { '@type': 'Country', name: 'Deutschland' },
    });
    expect(job.workModel).toBe('onsite');
    expect(countries(job)).toEqual(['AT']);
  });

  it("reads where applicants may live from the text and places the job in those of the board's countries", () => {
    const eu = enrich({
      title: 'SEO Manager (m/w/d)',
      jobLocationType: 'TELECOMMUTE',
      description: 'Fully remote: you can work from anywhere in the EU.',
    });
    expect(eu.remoteEligibility).toEqual(['EU']);
    expect(countries(eu)).toEqual(['DE', 'AT', 'ES']);
    const spain = enrich({
      title: 'Especialista SEO',
      jobLocationType: 'TELECOMMUTE',
      jobLocation: { address: { addressLocality: 'Madrid', addressCountry: 'ES' } },
      description: '100% teletrabajo. Solo residentes en España.',
    });
    expect(spain.remoteEligibility).toEqual(['ES']);
    expect(countries(spain)).toEqual(['ES']);
  });

  it('joins the structured requirement and the text, and states nothing for onsite jobs', () => {
    const job = enrich({
      title: 'SEO Specialist',
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: { '@type': 'Country', name: 'Deutschland' },
      description: 'Homeoffice innerhalb Deutschlands oder Österreich-weit? Wohnsitz in Österreich geht auch.',
    });
    expect(job.remoteEligibility).toEqual(['DE', 'AT']);
    const onsite = enrich({
      title: 'Buchhalter (m/w/d)',
      jobLocation: { address: { addressLocality: 'Wien', addressCountry: 'AT' } },
      description: 'Wohnsitz in Österreich erforderlich.',
    });
    expect(onsite.remoteEligibility).toBeUndefined();
  });
});
