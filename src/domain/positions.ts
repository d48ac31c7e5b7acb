/**
 * Canonical positions: display name and the patterns (on the cleaned, accent-folded, lower-case
 * title) that map to it, in German, Spanish and English. Order matters: the first match wins, so
 * specific SEO roles come before generic marketing ones and those before the other trades.
 * `seo` marks positions whose main work is SEO (the board's niche); SEA, performance, content,
 * online / digital / growth marketing and social media positions are not (./classify-seo.ts
 * decides those from the posting's text).
 */

export interface CanonicalPosition {
  name: string;
  pattern: RegExp;
  seo: boolean;
}

const p = (name: string, pattern: RegExp, seo = false): CanonicalPosition => ({ name, pattern, seo });

export const CANONICAL_POSITIONS: readonly CanonicalPosition[] = [
  p(
    'Technical SEO',
    /\b(technical|technische[rsn]?|tech) seo\b|\btecnico (de )?(seo|posicionamiento)\b|\bseo tecnico\b|\bseo[- ](engineer|developer|entwickler|tecnico)\b/,
    true,
  ),
  p(
    'Head of SEO',
    /\bhead of (seo|organic|search)\b|\bseo[- ]?(lead|leiter\w*|leitung|director|teamlead)\b|\b(leiter\w*|leitung|director|jefe)( des?| del?| der| of)? (seo|organic search)\b|\bteam ?lead seo\b/,
    true,
  ),
  p(
    'SEO Content Writer',
    /\bseo\b.*\b(redakteur\w*|redactor\w*|copywriter|writer|texter\w*)|\b(redakteur\w*|redactor\w*|copywriter|writer|texter\w*)\b.*\bseo\b|\bredaccion seo\b/,
    true,
  ),
  p('SEO Analyst', /\bseo[- ]analyst\w*|\banalista seo\b/, true),
  p(
    'SEO Consultant',
    /\bseo\b.*\b(consultant|berater\w*|consultor\w*)|\b(consultant|berater\w*|consultor\w*)\b.*\bseo\b/,
    true,
  ),
  p('Content Marketing Manager', /\bcontent[- ]?manager\w*\b.*\bseo\b|\bseo\b.*\bcontent[- ]?manager/, true),
  p(
    'SEO Manager',
    /\bseo\b.*\bmanager|\bmanager\b.*\bseo\b|\borganic search\b|\bseo-?managerin?\b|\bseo[- ](projekt|project|account)[- ]?manager\w*|\b(responsable|gerente|jefe|jefa)( de)? seo\b/,
    true,
  ),
  p(
    'SEO Specialist',
    /\bseo\b|\bsuchmaschinenoptimier\w*|\bsearch engine optimi[sz]ation\b|\bposicionamiento (web|seo|organico|en buscadores)\b/,
    true,
  ),
  p('SEA Manager', /\b(sea|sem|ppc|google ads|adwords|paid search|suchmaschinenwerbung|suchmaschinenmarketing)\b/),
  p('Content Creator', /\bcontent[- ]?(creator|ersteller\w*|creador\w*)\b|\bcreador\w* de contenido\w*/),
  p('Performance Marketing Manager', /\bperformance[- ]?marketing|\bpaid (media|social)\b|\bmedia[- ]?buy\w*/),
  p(
    'E-Mail Marketing Manager',
    /\be-?mail[- ]?marketing\w*|\bnewsletter\w*|\bcrm[- ]?(manager\w*|marketing\w*|specialist|spezialist\w*)|\b(email|e-mail) (manager|specialist|spezialist\w*)\b|\bmarketing por (correo|email)\b|\bemail marketing\b/,
  ),
  p('Affiliate Manager', /\baffiliate\b/),
  p('Content Marketing Manager', /\bcontent[- ]?(marketing|manager\w*|strateg\w*)\b/),
  p(
    'Content Writer',
    /(?<!social[- ]?media[- ]?)\b(content[- ]?)?(writer|texter\w*|copywriter|redakteur\w*|redactor\w*)\b/,
  ),
  p('Online Marketing Manager', /\bonline[- ]?marketing\w*|\bmarketing online\b/),
  p('Digital Marketing Manager', /\bdigital[- ]?(marketing|media)\b|\bmarketing digital\b/),
  p('Growth Marketing Manager', /\bgrowth[- ]?(marketing|manager|hacker)\b/),
  p('Social Media Manager', /\bsocial[- ]?media\b|\bcommunity manager\b/),
  p(
    'Head of Communications',
    /\b(head of|leiter\w*|leitung|director\w*|jefe|jefa)\b.*\b(kommunikation|comunicacion|communications?|pr)\b|\bkommunikationsleit\w*/,
  ),
  p(
    'Head of Marketing',
    /\b(head of|leiter\w*|leitung|director\w*|jefe|jefa)\b.*\bmarketing\b|\bmarketingleit\w*|\bcmo\b/,
  ),
  p('Marketing Manager', /\bmarketing\w*\b/),
  p('E-Commerce Manager', /\be-?commerce\b/),
  p('Product Manager', /\b(product|produkt)[- ]?(manager|owner)\b|\bproduktmanager\b/),
  p(
    'Projektmanager',
    /\b(project|projekt|proyecto)[- ]?(manager\w*|leiter\w*|leitung|management)\b|\bprojektmanager\w*|\bjefe de proyecto\b/,
  ),
  p(
    'Data Analyst',
    /\bdata (analyst|scientist)\b|\bdatenanalyst\w*|\banalista de datos\b|\bbusiness intelligence\b|\bbi[- ]analyst\b/,
  ),
  p('Business Developer', /\bbusiness develop\w*/),
  p('Customer Success Manager', /\bcustomer success\b|\bgestor de clientes\b/),
  p(
    'Kundenservice-Mitarbeiter',
    /\bkundenservice\w*|\bkundenberater\w*|\bkundendienst\w*|\bcustomer (service|support)\b|\batencion al cliente\b|\bteleoperador\w*|\bcall ?cent(er|re)\b/,
  ),
  p(
    'Sales Manager',
    /\bsales\b|\bvertrieb\w*|\baccount (manager|executive)\b|\bkey account\b|\bcomercial\b|\bventas\b/,
  ),
  p('UX/UI Designer', /\bux\b|\bui designer\b|\bux\/ui\b/),
  p('Grafikdesigner', /\bgrafik\w*|\bgraphic design\w*|\bdisenador\w* grafic\w*|\bmediengestalter\w*/),
  p('Recruiter', /\brecruit\w*|\btalent acquisition\b/),
  p(
    'Personalreferent',
    /\bpersonalreferent\w*|\bhr (manager\w*|specialist|business partner|generalist)\b|\brrhh\b|\brecursos humanos\b|\bpersonalsachbearbeiter\w*/,
  ),
  p('Softwaretester', /\bqa\b|\btester\b|\bquality assurance\b|\btestmanager\b/),
  p(
    'Softwareentwickler',
    /\b(software|web|java|php|python|frontend|front-end|backend|back-end|full-?stack|typescript|javascript|mobile|app)[- ]?(entwickler\w*|developer|engineer|programmierer\w*)|\bsoftwareentwickler\w*|\bdesarrollador\w*|\bprogramador\w*|\bentwickler\w*|\bdeveloper\b|\bprogrammierer\w*/,
  ),
  p(
    'Systemadministrator',
    /\bsys ?admin\w*|\bsystem ?administrator\b|\bsystemadministrator\w*|\bsystem ?spezialist\w*|\bsystemtechniker\w*|\bit[- ]administrator\b|\badministrador de sistemas\b/,
  ),
  p('Buchhalter', /\bbuchhalt\w*|\bfinanzbuchhalt\w*|\bbilanzbuchhalt\w*|\baccountant\b|\baccounting\b|\bcontable\b/),
  p('Controller', /\bcontroller\b|\bcontrolling\b/),
  p(
    'Pflegefachkraft',
    /\bpflegefach\w*|\bkrankenpfleger\w*|\bkrankenschwester\b|\baltenpfleger\w*|\bpflegekraft\b|\bnurse\b|\benfermer[oa]\b/,
  ),
  p(
    'Pflegehelfer',
    /\bpflegehelfer\w*|\bbetreuungskraft\b|\bayuda a domicilio\b|\bauxiliar de enfermeria\b|\bcare ?worker\b|\bcaregiver\b/,
  ),
  p('Arzt', /\bfacharzt\w*|\barzt\b|\barztin\b|\bassistenzarzt\w*|\boberarzt\w*|\bphysician\b|\bmedico\b/),
  p('Elektroniker', /\belektroniker\w*|\belektriker\w*|\belectricista\b|\belektroinstallateur\w*/),
  p('Ingenieur', /\bingenieur\w*|\bingeniero\w*/),
  p('Koch', /\bkoch\b|\bkochin\b|\bjungkoch\b|\bcocinero\b|\bcook\b|\bchef de partie\b/),
  p('Lagerist', /\blager(ist|helfer|mitarbeiter|logistik)\w*|\balmacenero\b|\bmozo de almacen\b|\bwarehouse\b/),
  p('Disponent', /\bdisponent\w*|\blogistics coordinator\b|\btecnico de logistica\b/),
  p('Berufskraftfahrer', /\bberufskraftfahrer\w*|\blkw-?fahrer\w*|\bconductor\b|\btruck driver\b/),
  p('Property Manager', /\bproperty manag\w*|\bimmobilienverwalt\w*|\bhausverwalt\w*/),
  p(
    'Fachkraft für Arbeitssicherheit',
    /\bprevencion\b|\bhse\b|\barbeitssicherheit\b|\bsicherheitsfachkraft\b|\bhealth and safety\b/,
  ),
  p('Aktuar', /\bactuario\b|\baktuar\w*|\bactuary\b/),
  p('Monteur', /\bmontador\w*|\bmonteur\w*|\bmechaniker\w*|\bmecanico\b/),
];
