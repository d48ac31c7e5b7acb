import { describe, expect, it } from 'vitest';
import { FACETS, isStepsFacet, STEPS_FACET } from '../../src/domain/facet-catalogue.js';

describe('the facet catalogue', () => {
  it('tells the facet counted by steps by its kind, not its name', () => {
    const byKind = FACETS.filter((f) => f.source.kind === 'remoteSteps').map((f) => f.id);
    expect(byKind).toEqual(['remote']);
    expect(FACETS.filter((f) => isStepsFacet(f.id)).map((f) => f.id)).toEqual(byKind);
    expect(STEPS_FACET).toBe('remote');
    expect(FACETS.find((f) => f.id === STEPS_FACET)?.order).toEqual({ by: 'steps' });
  });
});
