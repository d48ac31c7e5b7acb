import { describe, expect, it } from 'vitest';
import { cleanTitle } from '../../../src/domain/clean-title.js';
import { classifyPosition } from '../../../src/ingest/classify/classify-position.js';

describe('cleanTitle', () => {
  it.each([
    ['SEO Manager (m/w/d)', 'SEO Manager'],
    ['Accountant (w/m/d)', 'Accountant'],
    ['Working Student Fullstack Typescript Developer (f/m/d)', 'Fullstack Typescript Developer'],
    ['(Senior) SEO Specialist (m/f/d)', 'SEO Specialist'],
    ['System Spezialist 80-100% (m,w,d) - Windows Backend', 'System Spezialist'],
    ['IT Supplier & Finance Manager (m/w) 80-100%', 'IT Supplier & Finance Manager'],
    ['Ingeniero Electrónico (H/M).', 'Ingeniero Electrónico'],
    ['Buchhalter:in', 'Buchhalter'],
    ['Offpage SEO & Media Buying Manager (Werkstudent:in)', 'Offpage SEO & Media Buying Manager'],
    ['Elektroniker/in für Energie- und Gebäudetechnik (m/w/d)', 'Elektroniker für Energie- und Gebäudetechnik'],
    ['Cocinero/a', 'Cocinero'],
    ['Almacenero/a Conductor/a C1', 'Almacenero Conductor C1'],
    [
      'Auszubildende/r zum/zur Elektroniker/in für Energie- und Gebäudetechnik (m/w/d)',
      'Elektroniker für Energie- und Gebäudetechnik',
    ],
    ['Content Writer*in (d/m/w)', 'Content Writer'],
    [
      'Referent:in Steuern & Konzernrechungswesen in Voll- oder Teilzeit (mind. 25 Std./Woche) bis zu 100% Remote-Tätigkeit möglich',
      'Referent Steuern & Konzernrechungswesen',
    ],
    ['Digital Marketing Manager (B2B) 100% Remote (EU) | HQ Germany', 'Digital Marketing Manager'],
    [
      '(Junior/Senior) Technischer Property Manager (m/w/d) Bestandsverwaltung in einem Wachstumsmarkt - bis ca. 75k € Jahresgehalt',
      'Technischer Property Manager',
    ],
    ['Stellenanzeige: Java-Entwickler (m/w/d)', 'Java-Entwickler'],
    ['Agency 4E7 sucht Digital Media Manager', 'Digital Media Manager'],
    ['Buscamos a nuestro/a director/a de comunicación', 'Director de comunicación'],
    ['Organic Search Manager (m/w/d) SEO & AI-Focused | 100% remote', 'Organic Search Manager'],
  ])('cleans %j to %j', (title, cleaned) => {
    expect(cleanTitle(title)).toBe(cleaned);
  });

  it('cuts location and salary tails, using the posting locality', () => {
    expect(cleanTitle('Buchhalter:in in Berlin Süd 40.000 - 50.000, hybrid', ['Berlin'])).toBe('Buchhalter');
    expect(cleanTitle('MONTADOR/A Y DESMONTADOR DE EJES EN SEVILLA', ['Sevilla'])).toBe(
      'Montador y desmontador de ejes',
    );
    expect(cleanTitle('Auxiliar Ayuda a Domicilio 3ª Edad Madrid Capital (Diferentes propuestas)', ['Madrid'])).toBe(
      'Auxiliar Ayuda a Domicilio 3ª Edad',
    );
  });
});

describe('classifyPosition', () => {
  // isSeo here is the title's verdict alone; SEA, performance, content and growth titles are not SEO.
  it.each([
    ['Organic Search Manager (m/w/d) SEO & AI-Focused | 100% remote', 'seo-manager', 'SEO Manager', true],
    ['Junior SEO Manager (m/f/d)', 'seo-manager', 'SEO Manager', true],
    ['(Senior) SEO Specialist (m/f/d)', 'seo-specialist', 'SEO Specialist', true],
    ['Head of SEO (m/w/d)', 'head-of-seo', 'Head of SEO', true],
    ['Technical SEO Manager (m/w/d)', 'technical-seo', 'Technical SEO', true],
    ['SEA Manager - Google Ads (m/w/d) - in Vollzeit', 'sea-manager', 'SEA Manager', false],
    [
      'Online Marketing Manager (m/w/d): Fokus Paid / SEA & Performance Marketing',
      'online-marketing-manager',
      'Online Marketing Manager',
      false,
    ],
    [
      'Werkstudent Online-Marketing (m/w/d) - Newsletter & SEO/GEO',
      'online-marketing-manager',
      'Online Marketing Manager',
      true,
    ],
    ['Performance Marketing Manager (w/m/d)', 'performance-marketing-manager', 'Performance Marketing Manager', false],
    ['Content Marketing Manager (m/w/d)', 'content-marketing-manager', 'Content Marketing Manager', false],
    ['Head of Growth Marketing (m/w/d)', 'growth-marketing-manager', 'Growth Marketing Manager', false],
    ['Senior Growth Engineer (SEO & Performance)', 'growth-marketing-manager', 'Growth Marketing Manager', true],
    ['Exam. Pflegefachkraft (m/w/d) – Schwerpunkt Intensivpflege', 'pflegefachkraft', 'Pflegefachkraft', false],
    ['Teilzeitkraft Buchhaltung (m/w/d) - Remote, 20-30 Stunden/Woche', 'buchhalter', 'Buchhalter', false],
    ['Stellenanzeige: Java-Entwickler (m/w/d)', 'softwareentwickler', 'Softwareentwickler', false],
    ['Business Developer (Empresa Servicios Inversión)', 'business-developer', 'Business Developer', false],
    ['Marketing & Sales Manager', 'marketing-manager', 'Marketing Manager', false],
    ['Cocinero/a', 'koch', 'Koch', false],
    ['Responsable SEO', 'seo-manager', 'SEO Manager', true],
    ['Consultor/a SEO', 'seo-consultant', 'SEO Consultant', true],
    ['Online-Redakteur:in SEO', 'seo-content-writer', 'SEO Content Writer', true],
    ['Consultor SEO técnico', 'technical-seo', 'Technical SEO', true],
    ['Responsable de Marketing Online', 'online-marketing-manager', 'Online Marketing Manager', false],
    ['Social Media Manager:in', 'social-media-manager', 'Social Media Manager', false],
    ['Kundenservice-Mitarbeiter:in', 'kundenservice-mitarbeiter', 'Kundenservice-Mitarbeiter', false],
    ['Teleoperador/a', 'kundenservice-mitarbeiter', 'Kundenservice-Mitarbeiter', false],
  ])('maps %j to %s', (title, slug, name, isSeo) => {
    expect(classifyPosition(title)).toEqual({ position: { slug, name }, isSeo });
  });

  it('maps a role to its nearest canonical position and an unknown one to "other", never to its title', () => {
    expect(classifyPosition('Referent:in Steuern & Konzernrechungswesen in Voll- oder Teilzeit')).toEqual({
      position: { slug: 'steuerreferent', name: 'Steuerreferent' },
      isSeo: false,
    });
    expect(classifyPosition('Zirkusartist (m/w/d)')).toEqual({
      position: { slug: 'sonstige', name: 'Sonstige' },
      isSeo: false,
    });
    expect(classifyPosition('Ideal estudiantes: captador/a ONG, media jornada 700-1400').position.slug).toBe(
      'fundraiser',
    );
    expect(classifyPosition('Internship Digital Marketing Intern (m/f/d)').position.slug).toBe(
      'digital-marketing-manager',
    );
  });
});
