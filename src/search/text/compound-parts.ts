import { foldKeys } from '../../domain/text-fold.js';

/**
 * German words that job-posting compounds are made of, for splitting compounds at index time
 * (word-forms.ts). A closed, hand-written job-domain list, not a general dictionary: a general
 * one splits ordinary words into nonsense (`Bergamt`, `Urinstinkt`) and would make results
 * depend on what a corpus happens to contain; this one is the same for every index, so an answer
 * merged from several indexes equals the answer of one. Written with umlauts; both folded
 * spellings (`fuhrung`, `fuehrung`) are looked up. Add a word here and its compounds are split.
 */
const WORDS = `
  abteilung administration administrator agentur akquise aktuar analyse analyst anlage anwendung
  arbeit architekt assistent assistenz aufbau auftrag ausbildung aussendienst automatisierung
  bank bau beauftragte berater beratung bereich betreuung betrieb bewerber bilanz bildung buchhalter buchhaltung buero büro
  controller controlling daten datenbank dienst dienstleistung digital direktor disponent
  einkauf einkäufer elektro elektroniker energie entwickler entwicklung erzieher experte
  fach fachkraft fahrer finanz finanzen forschung fuhrpark führung führungskraft
  gebäude geschäft geschäftsführer gestalter gesundheit grafik gruppe
  handel handwerk haus helfer immobilien industrie informatik informatiker ingenieur inhalt innendienst
  kampagne kaufmann kauffrau koch kommunikation konstrukteur kontrolle kosten kraft kunde kunden kundenservice
  labor lager leiter leitung lehrer logistik mach maschine maschinen marke marketing markt
  mechaniker medien mediengestalter mitarbeiter montage monteur netzwerk objekt online optimierer optimierung
  organisation personal pflege pfleger planer planung plattform produkt produktion programmierer projekt prozess prüfer
  qualität rechnung recht redakteur redaktion referent reinigung sachbearbeiter schicht schutz service
  sicherheit software spezialist steuer strategie suche suchmaschine system systeme technik techniker text texter
  verkauf verkäufer vertrieb verwaltung web webseite website werbung werk wirtschaft wissenschaft
  zentrale
  consultant content designer developer manager management media sales support team
`;

export const COMPOUND_PARTS: ReadonlySet<string> = new Set(
  WORDS.split(/\s+/)
    .filter((w) => w !== '')
    .flatMap((w) => foldKeys(w)),
);
