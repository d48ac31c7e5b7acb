import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { functionWordHits } from '../../../src/ingest/text/language.js';

const WORDS: Record<string, string> = {
  de: 'der die das und ist mit für wir sie du dich dein deine ein eine einen einem einer zu von im auf bei unser unsere unseren uns oder auch nicht als sind wird werden ihre ihr den dem des über nach sowie bist hast kannst wenn',
  es: 'de el la los las y es con para por en un una unos nuestro nuestra nuestros del que se su sus al como más o te tu ser este esta estos también sobre muy son hay trabajo',
  en: 'the and is with for we you your our of to in an are be will as on at this that from have has or who what can us their it all',
};

/** The plain reading: split at every run of other characters, count each function word per language. */
function plainHits(sample: string): number[] {
  const sets = ['de', 'es', 'en'].map((l) => new Set(WORDS[l]!.split(' ')));
  const hits = [0, 0, 0];
  for (const word of sample.split(/[^a-zäöüßáéíóúñ]+/)) sets.forEach((set, i) => (hits[i]! += set.has(word) ? 1 : 0));
  return hits;
}

const piece = fc.oneof(
  fc.constantFrom(...Object.values(WORDS).flatMap((w) => w.split(' '))),
  fc.constantFrom(' ', '  ', '\n', '.', ',', '-', '1', 'ç', 'à', '\u00a0', '😀', 'x', 'derx', 'übernach', 'trabajos'),
  fc.string({ maxLength: 4 }),
);

describe('functionWordHits', () => {
  it('counts what splitting the sample into words counts', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (pieces) => {
        const sample = pieces.join('');
        expect(functionWordHits(sample)).toEqual(plainHits(sample));
      }),
      { numRuns: 3000 },
    );
  });

  it('counts words at both ends and between any separators', () => {
    expect(functionWordHits('der und die')).toEqual([3, 0, 0]);
    expect(functionWordHits('de-la.y')).toEqual([0, 3, 0]);
    expect(functionWordHits('the1and')).toEqual([0, 0, 2]);
    expect(functionWordHits('en')).toEqual([0, 1, 0]);
  });
});
