import type { Language } from './vocab.js';
import type { SalaryRange } from './job.js';
import { bucketLabel, bucketOf, type SalaryBucket } from './salary-buckets.js';

/**
 * The generated sentence that closes `salary_relevance_context`, in the posting's language:
 * which salary band the job falls into, and whether the amount is given or estimated.
 */
export function salaryBandSentence(
  language: Language,
  buckets: readonly SalaryBucket[],
  salary: SalaryRange | null,
  estimated: SalaryRange | null,
): string {
  const range = salary ?? estimated;
  if (!range) return '';
  const bucket = buckets[bucketOf(buckets, range)];
  if (!bucket) return '';
  const band = bucketLabel(bucket);
  const given = salary !== null;
  switch (language) {
    case 'de':
      return given
        ? `Das angegebene Jahresgehalt liegt im Gehaltsband ${band}.`
        : `Das geschätzte Jahresgehalt vergleichbarer Stellen liegt im Gehaltsband ${band}.`;
    case 'es':
      return given
        ? `El salario anual indicado se sitúa en la franja ${band}.`
        : `El salario anual estimado de puestos comparables se sitúa en la franja ${band}.`;
    case 'en':
      return given
        ? `The stated annual salary falls in the ${band} band.`
        : `The estimated annual salary of comparable jobs falls in the ${band} band.`;
  }
}
