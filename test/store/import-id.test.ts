import { describe, expect, it } from 'vitest';
import { newImportId, sourceOfImport } from '../../src/store/import-id.js';

describe('import ids', () => {
  it('gives back the source an id was made for, also a source holding a slash', () => {
    expect(sourceOfImport(newImportId('stepstone'))).toBe('stepstone');
    expect(sourceOfImport(newImportId('feeds/acme'))).toBe('feeds/acme');
    expect(newImportId('a')).not.toBe(newImportId('a'));
  });

  it.each(['no-slash', '/uuid-without-source', ''])('refuses %j, which names no source', (id) => {
    expect(() => sourceOfImport(id)).toThrow(`not an import id: ${id}`);
  });
});
