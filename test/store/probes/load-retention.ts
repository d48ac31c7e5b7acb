/**
 * Run as its own process by sqlite-store.test.ts: prints whether the array loadLive returned is
 * collected once the caller drops it (the store must not keep it reachable).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { SqliteJobStore } from '../../../src/store/sqlite-store.js';
import { job } from '../../builders.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const store = new SqliteJobStore(':memory:');
await store.migrate();
await store.upsert([job(), job(), job()]);
const ref = await (async () => new WeakRef(await store.loadLive(Date.now())))();
await new Promise((resolve) => setTimeout(resolve, 10));
gc();
process.stdout.write(ref.deref() === undefined ? 'collected' : 'retained');
await store.close();
