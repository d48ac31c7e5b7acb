/**
 * Canonical positions: the facet's closed vocabulary. Each has a stable name (its slug is the
 * facet value), a label in German, Spanish and English, and the patterns (on the cleaned,
 * accent-folded, lower-case title) that name it in those languages. Order matters: the first match
 * wins, so specific SEO roles come before generic marketing ones, assistants and heads before the
 * fields they assist or lead, and specific trades before the general ones. A title no pattern
 * names gets OTHER_POSITION: a raw title is never a position value.
 * `seo` marks positions whose main work is SEO (the board's niche); SEA, performance, content,
 * online / digital / growth marketing and social media positions are not (./classify-seo.ts
 * decides those from the posting's text).
 */
import { toSlug } from './text-fold.js';
import type { Language } from './vocab.js';

export interface CanonicalPosition {
  name: string;
  pattern: RegExp;
  seo: boolean;
  labels: Readonly<Record<Language, string>>;
}

/** `es`/`en` labels; German is the name unless given. */
type Labels = readonly [es: string, en: string, de?: string];

const p = (name: string, pattern: RegExp, labels: Labels, seo = false): CanonicalPosition => ({
  name,
  pattern,
  seo,
  labels: { de: labels[2] ?? name, es: labels[0], en: labels[1] },
});

export const CANONICAL_POSITIONS: readonly CanonicalPosition[] = [
  // SEO, the board's niche
  p(
    'Technical SEO',
    /\b(technical|technische[rsn]?|tech) seo\b|\btecnico (de )?(seo|posicionamiento)\b|\bseo tecnico\b|\bseo[- ](engineer|developer|entwickler|tecnico)\b/,
    ['SEO técnico', 'Technical SEO', 'Technical SEO'],
    true,
  ),
  p(
    'Head of SEO',
    /\bhead of (seo|organic|search)\b|\bseo[- ]?(lead|leiter\w*|leitung|director|teamlead)\b|\b(leiter\w*|leitung|director|jefe)( des?| del?| der| of)? (seo|organic search)\b|\bteam ?lead seo\b/,
    ['Responsable de SEO', 'Head of SEO', 'Head of SEO'],
    true,
  ),
  p(
    'SEO Content Writer',
    /\bseo\b.*\b(redakteur\w*|redactor\w*|copywriter|writer|texter\w*)|\b(redakteur\w*|redactor\w*|copywriter|writer|texter\w*)\b.*\bseo\b|\bredaccion seo\b/,
    ['Redactor SEO', 'SEO content writer', 'SEO-Redakteur'],
    true,
  ),
  p('SEO Analyst', /\bseo[- ]analyst\w*|\banalista seo\b/, ['Analista SEO', 'SEO analyst', 'SEO-Analyst'], true),
  p(
    'SEO Consultant',
    /\bseo\b.*\b(consultant|berater\w*|consultor\w*)|\b(consultant|berater\w*|consultor\w*)\b.*\bseo\b/,
    ['Consultor SEO', 'SEO consultant', 'SEO-Berater'],
    true,
  ),
  p(
    'Content Marketing Manager',
    /\bcontent[- ]?manager\w*\b.*\bseo\b|\bseo\b.*\bcontent[- ]?manager/,
    ['Responsable de marketing de contenidos', 'Content marketing manager', 'Content-Marketing-Manager'],
    true,
  ),
  p(
    'SEO Manager',
    /\bseo\b.*\bmanager|\bmanager\b.*\bseo\b|\bschwerpunkt seo\b|\borganic search\b|\bseo-?managerin?\b|\bseo[- ](projekt|project|account)[- ]?manager\w*|\b(responsable|gerente|jefe|jefa)( de)? seo\b/,
    ['SEO manager', 'SEO manager', 'SEO-Manager'],
    true,
  ),
  p(
    'SEO Specialist',
    /\bseo\b|\bsuchmaschinenoptimier\w*|\bsearch engine optimi[sz]ation\b|\bposicionamiento (web|seo|organico|en buscadores)\b/,
    ['Especialista SEO', 'SEO specialist', 'SEO-Spezialist'],
    true,
  ),
  // Marketing next to SEO
  p('SEA Manager', /\b(sea|sem|ppc|google ads|adwords|paid search|suchmaschinenwerbung|suchmaschinenmarketing)\b/, [
    'Especialista SEM',
    'SEA / paid search manager',
    'SEA-Manager',
  ]),
  p('Content Creator', /\bcontent[- ]?(creator|ersteller\w*|creador\w*|assistant)\b|\bcreador\w* de contenido\w*/, [
    'Creador de contenido',
    'Content creator',
    'Content Creator',
  ]),
  p('Performance Marketing Manager', /\bperformance[- ]?marketing|\bpaid (media|social)\b|\bmedia[- ]?buy\w*/, [
    'Responsable de performance marketing',
    'Performance marketing manager',
    'Performance-Marketing-Manager',
  ]),
  p(
    'E-Mail Marketing Manager',
    /\be-?mail[- ]?marketing\w*|\bnewsletter\w*|\bcrm[- ]?(manager\w*|marketing\w*|specialist|spezialist\w*)|\b(email|e-mail) (manager|specialist|spezialist\w*)\b|\bmarketing por (correo|email)\b|\bemail marketing\b/,
    ['Responsable de email marketing', 'Email marketing manager', 'E-Mail-Marketing-Manager'],
  ),
  p('Affiliate Manager', /\baffiliate\b/, ['Responsable de afiliación', 'Affiliate manager', 'Affiliate-Manager']),
  p('Content Marketing Manager', /\bcontent[- ]?(marketing|manager\w*|strateg\w*)\b/, [
    'Responsable de marketing de contenidos',
    'Content marketing manager',
    'Content-Marketing-Manager',
  ]),
  p(
    'Videograf',
    /\bvideogra\w*|\bcutter\b|\bvideo ?(editor|redakteur\w*|produzent\w*|producer)\b|\beditor de video\b|\bfilmemacher\w*/,
    ['Videógrafo', 'Videographer', 'Videograf'],
  ),
  p(
    'Content Writer',
    /(?<!social[- ]?media[- ]?)\b(content[- ]?)?(writer|texter\w*|copywriter|redakteur\w*|redactor\w*)\b/,
    ['Redactor de contenidos', 'Content writer', 'Redakteur / Texter'],
  ),
  p('Online Marketing Manager', /\bonline[- ]?marketing\w*|\bmarketing online\b/, [
    'Responsable de marketing online',
    'Online marketing manager',
    'Online-Marketing-Manager',
  ]),
  p('Digital Marketing Manager', /\bdigital[- ]?(marketing|media)\b|\bmarketing digital\b/, [
    'Responsable de marketing digital',
    'Digital marketing manager',
    'Digital-Marketing-Manager',
  ]),
  p('Growth Marketing Manager', /\bgrowth[- ]?(marketing|manager|hacker|engineer)\b/, [
    'Responsable de growth marketing',
    'Growth marketing manager',
    'Growth-Marketing-Manager',
  ]),
  p('Social Media Manager', /\bsocial[- ]?media\b|\bcommunity manager\b|\binfluencer\w*|\bredes sociales\b/, [
    'Social media manager',
    'Social media manager',
    'Social-Media-Manager',
  ]),
  // Assistants and company heads before the fields they assist or lead
  p(
    'Assistenz der Geschäftsführung',
    /\bassisten\w* (der|des|to the|de (la )?) ?(geschaftsfuhrung|geschaftsleitung|gf|ceo|direccion|management)\b|\bexecutive assistant\b|\bchief of staff\b|\bsecretari[oa]\b|\bsekretar\w*|\bsecretary\b|\bteamassisten\w*/,
    ['Asistente de dirección', 'Executive assistant'],
  ),
  p('Geschäftsführer', /\bgeschaftsfuhr\w*|\bmanaging director\b|\bceo\b|\bgerente general\b|\bdirector general\b/, [
    'Director general',
    'Managing director',
  ]),
  p(
    'Head of Communications',
    /\b(head of|leiter\w*|leitung|director\w*|jefe|jefa)\b.*\b(kommunikation|comunicacion|communications?|pr)\b|\bkommunikationsleit\w*/,
    ['Director de comunicación', 'Head of communications', 'Leitung Kommunikation'],
  ),
  p(
    'Head of Marketing',
    /\b(head of|leiter\w*|leitung|director\w*|jefe|jefa)\b.*\bmarketing\b|\bmarketingleit\w*|\bcmo\b/,
    ['Director de marketing', 'Head of marketing', 'Leitung Marketing'],
  ),
  p(
    'Personalleiter',
    /\b(head of|leiter\w*|leitung|director\w*|jefe|jefa)\b.*\b(hr|personal\w*|human resources|rrhh|recursos humanos|people)\b|\bpersonalleit\w*|\bchief people\b/,
    ['Director de RR. HH.', 'Head of HR', 'Personalleitung'],
  ),
  p(
    'Filialleiter',
    /\bfilialleit\w*|\bstore manager\b|\bbankstellenleit\w*|\bmarktleit\w*|\bshop manager\b|\bencargad[oa] de tienda\b|\bjefe de tienda\b|\bstandortleit\w*/,
    ['Encargado de tienda', 'Store manager', 'Filialleitung'],
  ),
  p(
    'Operations Manager',
    /\boperations? (manager|lead|leiter\w*)\b|\bbetriebsleit\w*|\bfield service manager\b|\bjefe de operaciones\b/,
    ['Responsable de operaciones', 'Operations manager', 'Operations Manager'],
  ),
  p('Marketing Manager', /\bmarketing\w*\b|\bbrand manager\b|\bwerbung\b|\bpublicidad\b|\badvertising\b/, [
    'Responsable de marketing',
    'Marketing manager',
    'Marketing-Manager',
  ]),
  p(
    'PR Manager',
    /\bpr\b|\bpublic relations\b|\bpressesprecher\w*|\brelaciones publicas\b|\bcommunications? (manager|specialist|officer)\b|\bkommunikation\w*|\bcomunicacion\b/,
    ['Responsable de comunicación', 'PR / communications manager', 'PR-Manager'],
  ),
  p('UX/UI Designer', /\bux\b|\bui designer\b|\bux\/ui\b/, ['Diseñador UX/UI', 'UX/UI designer', 'UX/UI-Designer']),
  p('E-Commerce Manager', /\be-?commerce\b/, ['Responsable de e-commerce', 'E-commerce manager', 'E-Commerce-Manager']),
  p('Product Manager', /\b(product|produkt)[- ]?(manager|owner)\b|\bproduktmanager\b/, [
    'Product manager',
    'Product manager',
    'Produktmanager',
  ]),
  p(
    'Projektmanager',
    /\b(project|projekt|proyecto)[- ]?(manager\w*|leiter\w*|leitung|management)\b|\bprojektmanager\w*|\bjefe de proyecto\b/,
    ['Jefe de proyecto', 'Project manager'],
  ),
  p(
    'Finanzanalyst',
    /\b(investment|financial|finanz|credit|kredit)[- ]?analyst\w*|\banalista financier[oa]\b|\banalista de inversiones\b/,
    ['Analista financiero', 'Financial analyst'],
  ),
  p(
    'Data Analyst',
    /\bdata (analyst|scientist)\b|\bdatenanalyst\w*|\banalista de datos\b|\bbusiness intelligence\b|\bbi[- ]analyst\b/,
    ['Analista de datos', 'Data analyst', 'Datenanalyst'],
  ),
  p('Business Developer', /\bbusiness develop\w*|\bdesarrollo de negocio\b/, [
    'Desarrollo de negocio',
    'Business developer',
    'Business Developer',
  ]),
  p('Customer Success Manager', /\bcustomer success\b|\bgestor de clientes\b/, [
    'Customer success manager',
    'Customer success manager',
    'Customer-Success-Manager',
  ]),
  // IT before the service and office roles that share words with it
  p(
    'IT-Sicherheitsspezialist',
    /\bit[- ]?secur\w*|\bit[- ]?sicherheit\w*|\bcyber ?secur\w*|\binformation security\b|\bseguridad informatica\b|\bciberseguridad\b|\bsecurity (engineer|analyst|architect|specialist)\b/,
    ['Especialista en ciberseguridad', 'IT security specialist'],
  ),
  p(
    'IT-Support',
    /\bit[- ]?support\w*|\bhelpdesk\b|\bservice ?desk\b|\b(1st|2nd|first|second) level\b|\bit[- ]?mitarbeiter\w*|\btechnischer kundensupport\b|\btecnico de soporte\b|\bsoporte (tecnico|informatico)\b|\binformation technology\b|\bend ?user support\b/,
    ['Soporte informático', 'IT support', 'IT-Support'],
  ),
  p(
    'IT-Techniker',
    /\bit[- ]?techniker\w*|\binformationstechnolog\w*|\bedv[- ]?techniker\w*|\bit[- ]?technician\b|\btecnico informatico\b/,
    ['Técnico informático', 'IT technician'],
  ),
  p('DevOps Engineer', /\bdevops\b|\bsite reliability\b|\bsre\b|\bplatform engineer\b|\bcloud engineer\b/, [
    'Ingeniero DevOps',
    'DevOps engineer',
    'DevOps Engineer',
  ]),
  p(
    'Solutions Architect',
    /\bsolutions? architect\w*|\bcloud architect\w*|\bsoftware ?archite[ck]t\w*|\barquitecto de (soluciones|software)\b/,
    ['Arquitecto de soluciones', 'Solutions architect', 'Solutions Architect'],
  ),
  p('Softwaretester', /\bqa\b|\btester\b|\bquality assurance\b|\btestmanager\b/, [
    'Tester de software',
    'Software tester',
  ]),
  p(
    'Softwareentwickler',
    /\b(software|web|java|php|python|frontend|front-end|backend|back-end|full-?stack|typescript|javascript|mobile|app|ai|ki)[- ]?(entwickler\w*|developer\w*|engineer|programmierer\w*|lead)|\bsoftwareentwickler\w*|\bdesarrollador\w*|\bprogramador\w*|\bentwickler\w*|\bdeveloper\w*|\bprogrammierer\w*|\bfachinformatiker\w* (fur )?anwendungsentwicklung\b|\bforward deployed\b/,
    ['Desarrollador de software', 'Software developer'],
  ),
  p(
    'Systemadministrator',
    /\bsys ?admin\w*|\bsystem ?administrator\b|\bsystemadministrator\w*|\bsystem ?spezialist\w*|\bsystemtechniker\w*|\bit[- ]?administrator\w*|\badministrador de sistemas\b|\b(it )?system ?engineer\b|\bnetwork (admin\w*|engineer)\b|\bnetzwerk\w*/,
    ['Administrador de sistemas', 'System administrator'],
  ),
  // Office, finance and HR
  p(
    'Kundenservice-Mitarbeiter',
    /\bkundenservice\w*|\bkundenberat\w*|\bkundendienst\w*|\bcustomer (service|support|care)\b|\batencion al cliente\b|\bteleoperador\w*|\bcall ?cent(er|re)\b/,
    ['Atención al cliente', 'Customer service agent', 'Kundenservice'],
  ),
  p(
    'Bürokaufmann',
    /\bburokaufm\w*|\bkaufmannisch\w* (mitarbeiter|angestellte|sachbearbeiter)\w*|\bsachbearbeiter\w*|\badministrativ[oa]\b|\badministracion\b|\bclerk\b|\bbackoffice\b|\boffice (manager|assistant)\b|\bburokraft\b/,
    ['Administrativo', 'Office administrator', 'Bürokaufmann/-frau'],
  ),
  p('Account Manager', /(?<!key )\baccount manager\w*|\bejecutiv\w* de cuentas\b|\bkundenbetreuer\w*/, [
    'Ejecutivo de cuentas',
    'Account manager',
    'Account Manager',
  ]),
  p(
    'Sales Manager',
    /\bsales\b|\bvertrieb\w*|\baccount executive\b|\bkey account\b|\bcomercial\b|\bventas\b|\bverkauf\w*|\bverkaufer\w*|\bvendedor\w*|\baußendienst\w*|\baussendienst\w*/,
    ['Comercial / ventas', 'Sales manager', 'Vertrieb / Sales'],
  ),
  p(
    'Bankkaufmann',
    /\bbankkaufm\w*|\bbankangestellte\w*|\bbanker\b|\bkreditspezialist\w*|\bcorporate banking\b|\bbank clerk\b|\bgestor bancario\b/,
    ['Empleado de banca', 'Bank clerk', 'Bankkaufmann/-frau'],
  ),
  p('Compliance Manager', /\bcompliance\b|\bdatenschutz\w*|\bprivacy\b|\bcumplimiento normativo\b/, [
    'Responsable de cumplimiento',
    'Compliance manager',
    'Compliance-Manager',
  ]),
  p('Grafikdesigner', /\bgrafik\w*|\bgraphic design\w*|\bdisenador\w* grafic\w*|\bmediengestalter\w*/, [
    'Diseñador gráfico',
    'Graphic designer',
  ]),
  p('Lohnbuchhalter', /\blohnbuchhalt\w*|\bpersonalverrechn\w*|\blohnverrechn\w*|\bpayroll\b|\bnominas\b/, [
    'Técnico de nóminas',
    'Payroll specialist',
    'Lohnbuchhalter',
  ]),
  p(
    'Personalreferent',
    /\bpersonalreferent\w*|\bhr\b|\bhuman resources\b|\brrhh\b|\brecursos humanos\b|\bpersonalsachbearbeiter\w*|\bpersonalabteilung\b|\bpersonalwesen\b|\bgraduado social\b/,
    ['Técnico de RR. HH.', 'HR specialist'],
  ),
  p('Recruiter', /\brecruit\w*|\btalent acquisition\b|\bpersonalberater\w*|\breclutador\w*/, [
    'Reclutador',
    'Recruiter',
  ]),
  p('Steuerreferent', /\bsteuer\w*|\btax\b|\basesor fiscal\b|\btecnico fiscal\b/, [
    'Asesor fiscal',
    'Tax specialist',
    'Steuerreferent',
  ]),
  p(
    'Buchhalter',
    /\bbuchhalt\w*|\bfinanzbuchhalt\w*|\bbilanzbuchhalt\w*|\baccountant\b|\baccounting\b|\bcontable\b|\bcontabilidad\b|\brechnungswesen\b|\bfinanzas\b/,
    ['Contable', 'Accountant'],
  ),
  p('Controller', /\bcontroller\b|\bcontrolling\b/, ['Controller financiero', 'Financial controller', 'Controller']),
  p(
    'Einkäufer',
    /\beinkauf\w*|\bbuyer\b|\bbuying\b|\bprocurement\b|\bpurchas\w*|\bcompras\b|\bcomprador\w*|\bsupply chain\b|\bsupplier\b(?! quality)/,
    ['Comprador', 'Buyer / procurement'],
  ),
  p('Fundraiser', /\bfundrais\w*|\bspendenwerb\w*|\bcaptador\w*|\brecaudacion de fondos\b/, [
    'Captador de fondos',
    'Fundraiser',
  ]),
  p('Eventmanager', /\bevent\w*|\bveranstaltung\w*|\bmesse\w*|\borganizador de eventos\b/, [
    'Organizador de eventos',
    'Event manager',
  ]),
  // Health and care
  p(
    'Pflegefachkraft',
    /\bpflegefach\w*|\bkrankenpfleger\w*|\bkrankenschwester\b|\baltenpfleger\w*|\bpflegekraft\b|\bnurse\b|\benfermer[oa]\b/,
    ['Enfermero', 'Nurse'],
  ),
  p(
    'Pflegehelfer',
    /\bpflegehelfer\w*|\bbetreuungskraft\b|\bayuda a domicilio\b|\bauxiliar de enfermeria\b|\bcare ?worker\b|\bcaregiver\b/,
    ['Auxiliar de enfermería / cuidador', 'Care assistant'],
  ),
  p('Arzt', /\bfacharzt\w*|\barzt\b|\barztin\b|\bassistenzarzt\w*|\boberarzt\w*|\bphysician\b|\bmedico\b/, [
    'Médico',
    'Physician',
    'Arzt / Ärztin',
  ]),
  p('Physiotherapeut', /\bphysiotherap\w*|\bfisioterapeut\w*|\bphysical therapist\b/, [
    'Fisioterapeuta',
    'Physiotherapist',
  ]),
  p('Kosmetiker', /\bkosmetiker\w*|\besteticista\b|\bbeautician\b|\bcosmetician\b/, ['Esteticista', 'Beautician']),
  // Trades, technicians and services
  p(
    'Kfz-Mechatroniker',
    /\bkfz\w*|\bmechatroniker\w*|\bautomechaniker\w*|\bcar mechanic\b|\bmecanico de automocion\b/,
    ['Mecánico de automoción', 'Car mechatronics technician'],
  ),
  p(
    'Servicetechniker',
    /\bservicetechniker\w*|\bservice ?techni\w*|\bkundendiensttechniker\w*|\btecnico de campo\b|\bfield (service )?technician\b/,
    ['Técnico de servicio', 'Service technician'],
  ),
  p(
    'Instandhaltungstechniker',
    /\binstandhalt\w*|\bwartung\w*|\bmantenimiento\b|\bmaintenance (technician|engineer)\b/,
    ['Técnico de mantenimiento', 'Maintenance technician'],
  ),
  p(
    'Industriemechaniker',
    /\bindustriemechaniker\w*|\bmaschinenbaumechaniker\w*|\btecnico mecanico\b|\bmecanico industrial\b|\bindustrial mechanic\b/,
    ['Mecánico industrial', 'Industrial mechanic'],
  ),
  p(
    'Maschinenführer',
    /\bmaschinen(fuhrer|einsteller|bediener)\w*|\bmachine operator\b|\boperari[oa] de (maquina|produccion)\b|\bproduktionsmitarbeiter\w*|\banlagenfuhrer\w*/,
    ['Operario de máquina', 'Machine operator'],
  ),
  p(
    'Elektroniker',
    /elektroniker\w*|\belektriker\w*|\belectricista\b|\belektroinstallateur\w*|\belectronica\b|\belectronics technician\b/,
    ['Electricista / técnico electrónico', 'Electronics technician'],
  ),
  p('Chemiker', /\bchemiker\w*|\bquimic[oa]\b|\bchemist\b/, ['Químico', 'Chemist']),
  p('Ingenieur', /ingenieur\w*|\bingeniero\w*|\bengineer\b/, ['Ingeniero', 'Engineer']),
  p('Koch', /\bkoch\b|\bkochin\b|\bjungkoch\b|\bcocinero\b|\bcook\b|\bchef de partie\b/, [
    'Cocinero',
    'Cook',
    'Koch / Köchin',
  ]),
  p(
    'Reinigungskraft',
    /\breinigung\w*|\breinigungskraft\b|\blimpieza\b|\bcamarer[oa](?:\/[oa])? de pisos\b|\bhousekeeping\b|\bcleaner\b|\bgebaudereiniger\w*|\bzimmermadchen\b/,
    ['Personal de limpieza', 'Cleaner'],
  ),
  p('Rezeptionist', /\brezeption\w*|\bempfang\w*|\breceptionist\b|\brecepcionista\b|\bfront desk\b/, [
    'Recepcionista',
    'Receptionist',
    'Rezeptionist/-in',
  ]),
  p('Hotelkaufmann', /\bhotelkaufm\w*|\bhotelfach\w*/, ['Técnico de hostelería', 'Hotel clerk', 'Hotelkaufmann/-frau']),
  p('Lagerist', /\blager(ist|helfer|mitarbeiter|logistik)\w*|\balmacenero\b|\bmozo\w* de almacen\b|\bwarehouse\b/, [
    'Mozo de almacén',
    'Warehouse worker',
  ]),
  p('Disponent', /\bdisponent\w*|\blogistics coordinator\b|\btecnico de logistica\b/, [
    'Técnico de logística',
    'Dispatcher',
  ]),
  p('Berufskraftfahrer', /\bberufskraftfahrer\w*|\blkw-?fahrer\w*|\bconductor\b|\btruck driver\b|\brepartidor\w*/, [
    'Conductor',
    'Truck driver',
  ]),
  p(
    'Immobilienmakler',
    /\bimmobilienmakler\w*|\basesor inmobiliario\b|\breal estate agent\b|\bmakler\w*|\bagente inmobiliario\b/,
    ['Agente inmobiliario', 'Real estate agent'],
  ),
  p(
    'Property Manager',
    /\bproperty manag\w*|\bimmobilienverwalt\w*|\bhausverwalt\w*|\bobjektmanag\w*|\bfacility manag\w*/,
    ['Gestor de inmuebles', 'Property manager', 'Property Manager'],
  ),
  p(
    'Fachkraft für Arbeitssicherheit',
    /\bprevencion\b|\bhse\b|\behsq?\b|\barbeitssicherheit\b|\bsicherheitsfachkraft\b|\bhealth and safety\b/,
    ['Técnico de prevención', 'Health and safety officer'],
  ),
  p('Aktuar', /\bactuario\b|\baktuar\w*|\bactuary\b/, ['Actuario', 'Actuary']),
  p('Monteur', /\bmontador\w*|\bmonteur\w*|\bmechaniker\w*|\bmecanico\b/, ['Montador', 'Fitter']),
];

/** The position of a title no canonical pattern names: never the raw title. */
export const OTHER_POSITION: CanonicalPosition = p('Sonstige', /$^/, ['Otros', 'Other', 'Sonstige']);

const BY_SLUG = new Map<string, CanonicalPosition>();

/** The canonical position of a facet value (its slug), or undefined. */
export function positionBySlug(slug: string): CanonicalPosition | undefined {
  if (BY_SLUG.size === 0) {
    for (const c of [...CANONICAL_POSITIONS, OTHER_POSITION])
      if (!BY_SLUG.has(slugOf(c.name))) BY_SLUG.set(slugOf(c.name), c);
  }
  return BY_SLUG.get(slug);
}

function slugOf(name: string): string {
  return toSlug(name);
}
