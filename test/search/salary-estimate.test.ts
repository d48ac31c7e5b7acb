import { describe, expect, it } from 'vitest';
import type { Job } from '../../src/domain/job.js';
import { estimateSalaries } from '../../src/search/salary-estimate.js';
import { job, place } from '../builders.js';

const paid = (min: number, max: number, over: Partial<Job> = {}): Job => job({ salary: { min, max }, ...over });
const unpaid = (over: Partial<Job> = {}): Job => job({ salary: null, ...over });
const spain = place({ country: { slug: 'españa', name: 'España' } });
const other = { slug: 'sea-manager', name: 'SEA Manager' };

describe('estimateSalaries', () => {
  it('takes the median min and median max of the jobs with a salary and the same position', () => {
    const jobs = [paid(40_000, 50_000), paid(50_000, 70_000), paid(60_000, 65_000), paid(90_000, 99_000, { position: other }), unpaid()];
    expect(estimateSalaries(jobs)[4]).toEqual({ min: 50_000, max: 65_000 });
  });

  it('rounds the mean of the middle two for an even count', () => {
    expect(estimateSalaries([paid(40_001, 50_000), paid(50_000, 60_001), unpaid()])[2]).toEqual({ min: 45_001, max: 55_001 });
  });

  it('prefers the same position in the same country once there are five of them', () => {
    const german = [1, 2, 3, 4].map(() => paid(40_000, 40_000));
    const spanish = [1, 2, 3, 4].map(() => paid(30_000, 30_000, { places: [spain] }));
    expect(estimateSalaries([...german, ...spanish, unpaid({ places: [spain] })])[8]).toEqual({ min: 35_000, max: 35_000 });
    const fifth = paid(30_000, 30_000, { places: [spain] });
    expect(estimateSalaries([...german, ...spanish, fifth, unpaid({ places: [spain] })])[9]).toEqual({ min: 30_000, max: 30_000 });
  });

  it('falls back to the same seniority, then to all jobs with a salary', () => {
    const jobs = [paid(40_000, 40_000, { position: other, seniority: 'senior' }), paid(80_000, 80_000, { position: other, seniority: 'junior' })];
    const [, , senior, none] = estimateSalaries([...jobs, unpaid({ seniority: 'senior' }), unpaid({ seniority: null })]);
    expect([senior, none]).toEqual([{ min: 40_000, max: 40_000 }, { min: 60_000, max: 60_000 }]);
  });

  it('estimates nothing when no job has a salary, and nothing for jobs that have one', () => {
    expect(estimateSalaries([unpaid(), unpaid()])).toEqual([null, null]);
    expect(estimateSalaries([paid(1, 2)])).toEqual([null]);
  });
});
