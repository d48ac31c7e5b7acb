import { describe, expect, it } from 'vitest';
import { classifyWork, type WorkInput } from '../../../src/ingest/classify/classify-work.js';

// Work model and remote share: the steps that decide between two answers, each with its neighbour.
// Inputs lower-case, as the enrichment passes them.
const work = (input: Partial<WorkInput>) =>
  classifyWork({ title: 'sachbearbeiter', jobLocationType: null, text: '', hasPhysicalPlace: true, ...input });
const remote = (workModel: string, remotePercentage: number | null) => ({ workModel, remotePercentage });

describe('classifyWork: jobLocationType', () => {
  it('reads TELECOMMUTE and REMOTE as fully remote, whatever the text', () => {
    expect(work({ jobLocationType: 'TELECOMMUTE', hasPhysicalPlace: false })).toEqual(remote('remote', 100));
    expect(work({ jobLocationType: 'REMOTE', hasPhysicalPlace: false })).toEqual(remote('remote', 100));
    // "remote-first" alone gives no share, but the structured value does.
    expect(work({ jobLocationType: 'TELECOMMUTE', text: 'wir sind ein remote-first team.' })).toEqual(
      remote('remote', 100),
    );
    expect(work({ jobLocationType: 'REMOTE', text: 'wir sind ein remote-first team.' })).toEqual(remote('remote', 100));
    expect(work({ text: 'wir sind ein remote-first team.' })).toEqual(remote('remote', null));
    expect(work({ jobLocationType: 'HYBRID' })).toEqual(remote('hybrid', null));
  });
});

describe('classifyWork: remote-first', () => {
  it('gives remote-first no share, unless the text also says the job is fully remote', () => {
    expect(work({ text: 'wir sind remote-first.' })).toEqual(remote('remote', null));
    expect(work({ text: 'wir sind remote-first. this is a remote position.' })).toEqual(remote('remote', 100));
  });
});

describe('classifyWork: the title', () => {
  it('reads a remote title as fully remote unless the text says remote / hybrid', () => {
    expect(work({ title: 'content manager (remote)' })).toEqual(remote('remote', 100));
    expect(work({ title: 'content manager (remote)', text: 'du arbeitest remote / hybrid.' })).toEqual(
      remote('remote', null),
    );
  });
});

describe('classifyWork: an explicit remote share', () => {
  it('reads 0 % as onsite, 1-99 % as hybrid, 100 % as remote, and more as no share', () => {
    expect(work({ text: '0 % remote.' })).toEqual(remote('onsite', 0));
    expect(work({ text: 'bis zu 40 % remote.' })).toEqual(remote('hybrid', 40));
    expect(work({ text: 'remote-anteil: 100 %', hasPhysicalPlace: false })).toEqual(remote('remote', 100));
    expect(work({ text: 'remote-anteil: 150 %', hasPhysicalPlace: false })).toEqual({
      workModel: null,
      remotePercentage: null,
    });
  });
});

describe('classifyWork: remote days per week', () => {
  it('reads 5 remote days as remote, 1-4 as hybrid, 20 % a day', () => {
    expect(work({ text: '5 tage remote pro woche.' })).toEqual(remote('remote', 100));
    expect(work({ text: '3 days remote per week.' })).toEqual(remote('hybrid', 60));
    expect(work({ text: '1 tag remote pro woche.' })).toEqual(remote('hybrid', 20));
  });

  it('reads no other number of days as a share', () => {
    expect(work({ text: '0 tage remote.' })).toEqual(remote('onsite', null));
    expect(work({ text: '6 tage remote.' })).toEqual(remote('onsite', null));
    expect(work({ text: '6 tage remote.', hasPhysicalPlace: false })).toEqual({
      workModel: null,
      remotePercentage: null,
    });
  });

  it('takes the statement that comes first', () => {
    // "homeoffice ... 2 tagen" (remote, then days) before "3 tage remote" (days, then remote).
    expect(work({ text: 'homeoffice an bis zu 2 tagen pro woche. im sommer 3 tage remote.' })).toEqual(
      remote('hybrid', 40),
    );
    expect(work({ text: '2 tage remote, außerdem homeoffice an 3 tagen.' })).toEqual(remote('hybrid', 40));
  });

  it('gives an onsite job no share from days', () => {
    expect(work({ text: 'trabajo presencial con 2 días de teletrabajo.' })).toEqual(remote('onsite', null));
  });
});
