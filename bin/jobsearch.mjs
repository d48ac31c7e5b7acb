#!/usr/bin/env node
// `npx jobsearch`: rebuilds first when a source changed since the last build (and says so), then
// runs the compiled command line.
import { buildIfStale } from '../scripts/build-if-stale.mjs';

buildIfStale();
await import('../dist/cli/main.js');
