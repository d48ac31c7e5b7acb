/**
 * HTML entity decoding: numeric references and the named entities that occur in German, Spanish
 * and English job ads. An unknown name is left as written.
 */

const NAMED: Readonly<Record<string, string>> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', shy: '', zwnj: '', zwj: '',
  ensp: ' ', emsp: ' ', thinsp: ' ',
  auml: 'ä', ouml: 'ö', uuml: 'ü', Auml: 'Ä', Ouml: 'Ö', Uuml: 'Ü', szlig: 'ß',
  aacute: 'á', eacute: 'é', iacute: 'í', oacute: 'ó', uacute: 'ú', yacute: 'ý',
  Aacute: 'Á', Eacute: 'É', Iacute: 'Í', Oacute: 'Ó', Uacute: 'Ú',
  agrave: 'à', egrave: 'è', igrave: 'ì', ograve: 'ò', ugrave: 'ù',
  Agrave: 'À', Egrave: 'È',
  acirc: 'â', ecirc: 'ê', icirc: 'î', ocirc: 'ô', ucirc: 'û',
  euml: 'ë', iuml: 'ï', yuml: 'ÿ', ccedil: 'ç', Ccedil: 'Ç', ntilde: 'ñ', Ntilde: 'Ñ',
  atilde: 'ã', otilde: 'õ', aring: 'å', aelig: 'æ', oslash: 'ø',
  iexcl: '¡', iquest: '¿', ordf: 'ª', ordm: 'º', deg: '°', sect: '§', para: '¶', middot: '·',
  euro: '€', pound: '£', yen: '¥', cent: '¢', copy: '©', reg: '®', trade: '™',
  ndash: '–', mdash: '—', hellip: '…', bull: '•', prime: '′', times: '×', divide: '÷',
  laquo: '«', raquo: '»', lsaquo: '‹', rsaquo: '›', bdquo: '„', ldquo: '“', rdquo: '”',
  sbquo: '‚', lsquo: '‘', rsquo: '’', hearts: '♥', check: '✓', rarr: '→', larr: '←',
  frac12: '½', frac14: '¼', frac34: '¾', sup2: '²', sup3: '³', plusmn: '±', micro: 'µ',
};

const ENTITY = /&(#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/g;

export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return NAMED[ref] ?? whole;
  });
}
