/**
 * Small numbers written as words in German, English and Spanish ("zwei Jahre", "two days",
 * "tres días"), for the classifiers that read counts of years and days.
 */
export const NUMBER_WORDS: Readonly<Record<string, number>> = {
  ein: 1,
  eine: 1,
  einen: 1,
  einem: 1,
  one: 1,
  un: 1,
  uno: 1,
  zwei: 2,
  two: 2,
  dos: 2,
  drei: 3,
  three: 3,
  tres: 3,
  vier: 4,
  four: 4,
  cuatro: 4,
  fünf: 5,
  funf: 5,
  five: 5,
  cinco: 5,
  sechs: 6,
  six: 6,
  seis: 6,
};

/** The number a word or digits stand for; 0 when neither. */
export function numberOf(word: string): number {
  return /^\d+$/.test(word) ? Number(word) : (NUMBER_WORDS[word] ?? 0);
}
