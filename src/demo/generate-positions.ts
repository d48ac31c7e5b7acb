/** Positions, skills and industries of the demo-posting generator. */
import type { Language, SeniorityLevel } from '../domain/vocab.js';

/** Groups of positions that share task sentences. */
export type TaskArea =
  | 'seo'
  | 'technical-seo'
  | 'content'
  | 'sea'
  | 'marketing'
  | 'dev'
  | 'finance'
  | 'sales'
  | 'care'
  | 'data'
  | 'service'
  | 'design'
  | 'hr'
  | 'logistics';

export interface PositionDef {
  id: string;
  seo: boolean;
  /** Relative frequency within SEO or non-SEO positions. */
  weight: number;
  /** Base titles per language; German ones may carry the `:in` form. */
  titles: Record<Language, readonly string[]>;
  /** The field, for `Head of ...`, `Werkstudent ...`, `Responsable de ...`. */
  area: Record<Language, string>;
  tasks: TaskArea;
  skills: readonly string[];
  /** Mid-level annual salary in Germany, EUR. */
  salary: number;
  fixedSeniority?: SeniorityLevel;
  /** Industries where this (non-SEO) position is much more common. */
  industries?: readonly string[];
  /** Only companies of `industries` post it (nurses work for care providers). */
  exclusive?: boolean;
}

const SEO_TOOLS = [
  'Sistrix',
  'Ahrefs',
  'Google Search Console',
  'Screaming Frog',
  'Google Analytics',
  'SEMrush',
  'Looker Studio',
];
const SEO_SKILLS = [
  ...SEO_TOOLS,
  'Technical SEO',
  'Link Building',
  'Content Marketing',
  'WordPress',
  'HTML/CSS',
  'Keyword Research',
  'Onpage SEO',
];
const TECH_SEO_SKILLS = [
  ...SEO_TOOLS,
  'Technical SEO',
  'Python',
  'SQL',
  'HTML/CSS',
  'JavaScript',
  'Core Web Vitals',
  'Log File Analysis',
];
const CONTENT_SKILLS = [
  'Content Marketing',
  'WordPress',
  'Sistrix',
  'Google Search Console',
  'SEMrush',
  'Copywriting',
  'Keyword Research',
  'HTML/CSS',
];
const SEA_SKILLS = [
  'Google Ads',
  'Microsoft Advertising',
  'Google Analytics',
  'Looker Studio',
  'Google Tag Manager',
  'SQL',
  'SEMrush',
];
const MARKETING_SKILLS = [
  'Google Analytics',
  'Google Ads',
  'Content Marketing',
  'Technical SEO',
  'Sistrix',
  'Looker Studio',
  'WordPress',
  'Email Marketing',
  'Social Media',
];

export const POSITIONS: readonly PositionDef[] = [
  {
    id: 'seo-manager',
    seo: true,
    weight: 22,
    tasks: 'seo',
    skills: SEO_SKILLS,
    salary: 56_000,
    titles: {
      de: ['SEO Manager', 'SEO-Manager:in', 'SEO Manager:in'],
      es: ['SEO Manager', 'Responsable SEO'],
      en: ['SEO Manager'],
    },
    area: { de: 'SEO', es: 'SEO', en: 'SEO' },
  },
  {
    id: 'seo-specialist',
    seo: true,
    weight: 16,
    tasks: 'seo',
    skills: SEO_SKILLS,
    salary: 49_000,
    titles: {
      de: ['SEO Specialist', 'SEO-Spezialist', 'SEO Spezialist:in'],
      es: ['Especialista SEO', 'SEO Specialist'],
      en: ['SEO Specialist', 'SEO Executive'],
    },
    area: { de: 'SEO', es: 'SEO', en: 'SEO' },
  },
  {
    id: 'technical-seo-consultant',
    seo: true,
    weight: 8,
    tasks: 'technical-seo',
    skills: TECH_SEO_SKILLS,
    salary: 62_000,
    titles: {
      de: ['Technical SEO Consultant', 'Technischer SEO-Berater', 'Technical SEO Manager'],
      es: ['Consultor SEO técnico', 'Technical SEO Specialist'],
      en: ['Technical SEO Consultant', 'Technical SEO Specialist'],
    },
    area: { de: 'Technical SEO', es: 'SEO Técnico', en: 'Technical SEO' },
  },
  {
    id: 'seo-consultant',
    seo: true,
    weight: 12,
    tasks: 'seo',
    skills: SEO_SKILLS,
    salary: 53_000,
    titles: {
      de: ['SEO Consultant', 'SEO-Berater', 'SEO Berater:in'],
      es: ['Consultor SEO', 'Consultor/a SEO', 'Consultora SEO'],
      en: ['SEO Consultant'],
    },
    area: { de: 'SEO-Beratung', es: 'Consultoría SEO', en: 'SEO Consulting' },
  },
  {
    id: 'content-marketing-manager',
    seo: true,
    weight: 12,
    tasks: 'content',
    skills: CONTENT_SKILLS,
    salary: 50_000,
    titles: {
      de: ['Content Marketing Manager', 'Content Manager:in SEO'],
      es: ['Content Marketing Manager', 'Responsable de Content Marketing'],
      en: ['Content Marketing Manager'],
    },
    area: { de: 'Content Marketing', es: 'Content Marketing', en: 'Content Marketing' },
  },
  {
    id: 'sea-manager',
    seo: true,
    weight: 9,
    tasks: 'sea',
    skills: SEA_SKILLS,
    salary: 52_000,
    titles: {
      de: ['SEA Manager', 'SEA-Manager:in', 'Performance Marketing Manager'],
      es: ['Especialista SEM', 'SEA Manager', 'Especialista en Google Ads'],
      en: ['SEA Manager', 'PPC Manager', 'Paid Search Manager'],
    },
    area: { de: 'SEA', es: 'SEM', en: 'Paid Search' },
  },
  {
    id: 'online-marketing-manager',
    seo: true,
    weight: 11,
    tasks: 'marketing',
    skills: MARKETING_SKILLS,
    salary: 50_000,
    titles: {
      de: ['Online Marketing Manager', 'Online-Marketing-Manager:in', 'Digital Marketing Manager'],
      es: ['Responsable de Marketing Online', 'Especialista en Marketing Digital'],
      en: ['Online Marketing Manager', 'Digital Marketing Manager'],
    },
    area: { de: 'Online Marketing', es: 'Marketing Online', en: 'Online Marketing' },
  },
  {
    id: 'head-of-seo',
    seo: true,
    weight: 3,
    tasks: 'seo',
    skills: SEO_SKILLS,
    salary: 62_000,
    fixedSeniority: 'head',
    titles: { de: ['SEO'], es: ['SEO'], en: ['SEO'] },
    area: { de: 'SEO', es: 'SEO', en: 'SEO' },
  },
  {
    id: 'seo-redakteur',
    seo: true,
    weight: 7,
    tasks: 'content',
    skills: CONTENT_SKILLS,
    salary: 43_000,
    titles: {
      de: ['Redakteur SEO', 'SEO-Redakteur', 'SEO-Redakteur:in', 'Online-Redakteur:in SEO'],
      es: ['Redactor SEO', 'Redactor/a SEO', 'Copywriter SEO'],
      en: ['SEO Copywriter', 'SEO Content Writer'],
    },
    area: { de: 'SEO-Redaktion', es: 'Redacción SEO', en: 'SEO Content' },
  },
  {
    id: 'seo-werkstudent',
    seo: true,
    weight: 5,
    tasks: 'seo',
    skills: SEO_SKILLS,
    salary: 45_000,
    fixedSeniority: 'intern',
    titles: { de: ['SEO'], es: ['SEO'], en: ['SEO'] },
    area: { de: 'SEO', es: 'SEO', en: 'SEO' },
  },
  {
    id: 'seo-analyst',
    seo: true,
    weight: 5,
    tasks: 'technical-seo',
    skills: TECH_SEO_SKILLS,
    salary: 52_000,
    titles: { de: ['SEO Analyst', 'SEO-Analyst:in'], es: ['Analista SEO'], en: ['SEO Analyst'] },
    area: { de: 'SEO-Analyse', es: 'Análisis SEO', en: 'SEO Analytics' },
  },

  {
    id: 'softwareentwickler',
    seo: false,
    weight: 14,
    tasks: 'dev',
    skills: ['TypeScript', 'Java', 'Python', 'SQL', 'Docker', 'React', 'Kubernetes'],
    salary: 63_000,
    industries: ['software', 'e-commerce'],
    titles: {
      de: ['Softwareentwickler', 'Softwareentwickler:in', 'Fullstack-Entwickler', 'Backend Developer'],
      es: ['Desarrollador/a de software', 'Desarrollador Full Stack', 'Programador/a'],
      en: ['Software Engineer', 'Backend Developer', 'Full Stack Developer'],
    },
    area: { de: 'Softwareentwicklung', es: 'Desarrollo de Software', en: 'Engineering' },
  },
  {
    id: 'buchhalter',
    seo: false,
    weight: 9,
    tasks: 'finance',
    skills: ['DATEV', 'SAP', 'Excel'],
    salary: 46_000,
    industries: ['finance'],
    titles: {
      de: ['Buchhalter:in', 'Finanzbuchhalter', 'Bilanzbuchhalter'],
      es: ['Contable', 'Técnico/a contable', 'Administrativo/a contable'],
      en: ['Accountant', 'Financial Accountant'],
    },
    area: { de: 'Buchhaltung', es: 'Contabilidad', en: 'Accounting' },
  },
  {
    id: 'vertriebsmitarbeiter',
    seo: false,
    weight: 12,
    tasks: 'sales',
    skills: ['CRM', 'Excel', 'PowerPoint'],
    salary: 48_000,
    titles: {
      de: ['Vertriebsmitarbeiter', 'Vertriebsmitarbeiter:in im Außendienst', 'Sales Manager', 'Key Account Manager'],
      es: ['Comercial', 'Ejecutivo/a de ventas', 'Key Account Manager'],
      en: ['Sales Representative', 'Account Executive', 'Key Account Manager'],
    },
    area: { de: 'Vertrieb', es: 'Ventas', en: 'Sales' },
  },
  {
    id: 'pflegefachkraft',
    seo: false,
    weight: 8,
    tasks: 'care',
    skills: [],
    salary: 44_000,
    industries: ['healthcare'],
    exclusive: true,
    titles: {
      de: ['Pflegefachkraft', 'Pflegefachfrau/-mann', 'Gesundheits- und Krankenpfleger'],
      es: ['Enfermero/a', 'Enfermera', 'Auxiliar de enfermería'],
      en: ['Registered Nurse', 'Nurse'],
    },
    area: { de: 'Pflege', es: 'Enfermería', en: 'Nursing' },
  },
  {
    id: 'data-analyst',
    seo: false,
    weight: 8,
    tasks: 'data',
    skills: ['SQL', 'Python', 'Looker Studio', 'Power BI', 'Excel', 'Google Analytics'],
    salary: 57_000,
    titles: {
      de: ['Data Analyst', 'Datenanalyst:in', 'BI Analyst'],
      es: ['Analista de datos', 'Data Analyst'],
      en: ['Data Analyst', 'BI Analyst'],
    },
    area: { de: 'Data Analytics', es: 'Análisis de Datos', en: 'Data Analytics' },
  },
  {
    id: 'customer-success-manager',
    seo: false,
    weight: 7,
    tasks: 'service',
    skills: ['CRM', 'Excel', 'Onboarding'],
    salary: 50_000,
    industries: ['software'],
    titles: {
      de: ['Customer Success Manager', 'Customer Success Manager:in'],
      es: ['Customer Success Manager', 'Gestor/a de clientes'],
      en: ['Customer Success Manager'],
    },
    area: { de: 'Customer Success', es: 'Customer Success', en: 'Customer Success' },
  },
  {
    id: 'kundenservice',
    seo: false,
    weight: 7,
    tasks: 'service',
    skills: ['CRM', 'Excel'],
    salary: 34_000,
    industries: ['e-commerce', 'travel'],
    titles: {
      de: ['Kundenberater im Service', 'Mitarbeiter Kundenservice', 'Kundenservice-Mitarbeiter:in'],
      es: ['Agente de atención al cliente', 'Teleoperador/a'],
      en: ['Customer Service Agent', 'Customer Support Specialist'],
    },
    area: { de: 'Kundenservice', es: 'Atención al Cliente', en: 'Customer Service' },
  },
  {
    id: 'grafikdesigner',
    seo: false,
    weight: 5,
    tasks: 'design',
    skills: ['Figma', 'Adobe Creative Cloud', 'HTML/CSS'],
    salary: 44_000,
    industries: ['online-marketing', 'media'],
    titles: {
      de: ['Grafikdesigner', 'Grafikdesigner:in', 'UX/UI Designer'],
      es: ['Diseñador/a gráfico/a', 'Diseñador UX/UI'],
      en: ['Graphic Designer', 'UX/UI Designer'],
    },
    area: { de: 'Design', es: 'Diseño', en: 'Design' },
  },
  {
    id: 'personalreferent',
    seo: false,
    weight: 5,
    tasks: 'hr',
    skills: ['Excel', 'SAP', 'Active Sourcing'],
    salary: 50_000,
    titles: {
      de: ['Personalreferent', 'HR Manager:in', 'Recruiter'],
      es: ['Técnico/a de RRHH', 'Recruiter'],
      en: ['HR Specialist', 'Recruiter', 'HR Business Partner'],
    },
    area: { de: 'Personal', es: 'Recursos Humanos', en: 'People & HR' },
  },
  {
    id: 'lagerlogistik',
    seo: false,
    weight: 6,
    tasks: 'logistics',
    skills: ['SAP', 'Excel'],
    salary: 34_000,
    industries: ['logistics', 'e-commerce'],
    exclusive: true,
    titles: {
      de: ['Fachkraft für Lagerlogistik', 'Lagermitarbeiter', 'Disponent:in'],
      es: ['Mozo/a de almacén', 'Técnico/a de logística'],
      en: ['Warehouse Operative', 'Logistics Coordinator'],
    },
    area: { de: 'Logistik', es: 'Logística', en: 'Logistics' },
  },
  {
    id: 'social-media-manager',
    seo: false,
    weight: 5,
    tasks: 'marketing',
    skills: ['Social Media', 'Content Marketing', 'Canva'],
    salary: 45_000,
    industries: ['online-marketing', 'media', 'travel'],
    titles: {
      de: ['Social Media Manager', 'Social Media Manager:in'],
      es: ['Social Media Manager', 'Community Manager'],
      en: ['Social Media Manager'],
    },
    area: { de: 'Social Media', es: 'Redes Sociales', en: 'Social Media' },
  },
];

export interface IndustryDef {
  /** Display label; its slug is what the filter shows (`Online Marketing` -> `online-marketing`). */
  label: string;
  id: string;
  weight: number;
  /** Probability that a posting of a company in this industry is an SEO position. */
  seoShare: number;
  words: { dach: readonly string[]; es: readonly string[] };
}

export const INDUSTRIES: readonly IndustryDef[] = [
  {
    id: 'online-marketing',
    label: 'Online Marketing',
    weight: 30,
    seoShare: 0.9,
    words: {
      dach: ['Digital', 'Media', 'Marketing', 'Performance', 'Search', 'Growth'],
      es: ['Digital', 'Media', 'Marketing', 'Growth'],
    },
  },
  {
    id: 'e-commerce',
    label: 'E-Commerce',
    weight: 12,
    seoShare: 0.6,
    words: { dach: ['Commerce', 'Shop', 'Retail', 'Versand'], es: ['Commerce', 'Shop', 'Retail', 'Comercio'] },
  },
  {
    id: 'software',
    label: 'Software',
    weight: 12,
    seoShare: 0.45,
    words: { dach: ['Software', 'Systems', 'Tech', 'Cloud', 'Labs'], es: ['Software', 'Sistemas', 'Tech', 'Labs'] },
  },
  {
    id: 'media',
    label: 'Media & Publishing',
    weight: 8,
    seoShare: 0.6,
    words: { dach: ['Verlag', 'Publishing', 'Medien'], es: ['Ediciones', 'Medios', 'Publishing'] },
  },
  {
    id: 'healthcare',
    label: 'Healthcare',
    weight: 8,
    seoShare: 0.25,
    words: { dach: ['Klinik', 'Pflege', 'Health', 'Care'], es: ['Salud', 'Clínica', 'Health', 'Care'] },
  },
  {
    id: 'finance',
    label: 'Finance & Insurance',
    weight: 7,
    seoShare: 0.35,
    words: { dach: ['Finanz', 'Capital', 'Versicherung', 'Invest'], es: ['Finanzas', 'Capital', 'Seguros', 'Invest'] },
  },
  {
    id: 'travel',
    label: 'Travel & Tourism',
    weight: 6,
    seoShare: 0.5,
    words: { dach: ['Reisen', 'Travel', 'Touristik'], es: ['Viajes', 'Travel', 'Turismo'] },
  },
  {
    id: 'logistics',
    label: 'Logistics',
    weight: 5,
    seoShare: 0.3,
    words: { dach: ['Logistik', 'Transport', 'Cargo'], es: ['Logística', 'Transportes', 'Cargo'] },
  },
  {
    id: 'consulting',
    label: 'Consulting',
    weight: 7,
    seoShare: 0.55,
    words: { dach: ['Consulting', 'Beratung', 'Partners'], es: ['Consulting', 'Consultores', 'Partners'] },
  },
  {
    id: 'real-estate',
    label: 'Real Estate',
    weight: 3,
    seoShare: 0.4,
    words: { dach: ['Immobilien', 'Real Estate', 'Wohnbau'], es: ['Inmobiliaria', 'Real Estate', 'Habitat'] },
  },
  {
    id: 'education',
    label: 'Education',
    weight: 2,
    seoShare: 0.4,
    words: { dach: ['Akademie', 'Academy', 'Bildung'], es: ['Academia', 'Formación', 'Academy'] },
  },
];
