import fc from 'fast-check';

// Mutation runs only (vitest.stryker.config.ts): a property that fails has killed its mutant, so
// fast-check ends there instead of shrinking the counterexample, which re-runs the property (an
// index build each time) dozens of times for a report nobody reads. npm test keeps shrinking.
fc.configureGlobal({ endOnFailure: true });
