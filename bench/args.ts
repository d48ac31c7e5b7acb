import { parseArgs } from 'node:util';
import { PEER_NAMES, type PeerName } from './messages.js';
import type { BenchOptions } from './report-types.js';

export const USAGE = `npm run bench -- [--sizes 100000,1000000] [--peers all|none|itemsjs,orama,sqlite,postgres] [--quick] [--seed 1] [--no-http] [--no-live] [--fresh-corpus] [--write-docs]`;

/** Parses the command line; throws with the usage on a bad value. */
export function parseBenchArgs(argv: readonly string[]): BenchOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      sizes: { type: 'string', default: '100000,1000000' },
      peers: { type: 'string', default: 'all' },
      quick: { type: 'boolean', default: false },
      seed: { type: 'string', default: '1' },
      'no-http': { type: 'boolean', default: false },
      'no-live': { type: 'boolean', default: false },
      'fresh-corpus': { type: 'boolean', default: false },
      'write-docs': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) throw new Error(USAGE);
  return {
    sizes: parseSizes(values.sizes),
    peers: parsePeers(values.peers),
    quick: values.quick,
    seed: wholeNumber('--seed', values.seed),
    http: !values['no-http'],
    live: !values['no-live'],
    freshCorpus: values['fresh-corpus'],
    writeDocs: values['write-docs'],
  };
}

function parseSizes(raw: string): number[] {
  const sizes = raw.split(',').map((s) => wholeNumber('--sizes', s.trim().replace(/_/g, '')));
  if (sizes.some((n) => n < 100)) throw new Error(`--sizes: each size must be at least 100\n${USAGE}`);
  return sizes;
}

function parsePeers(raw: string): PeerName[] {
  if (raw === 'all') return [...PEER_NAMES];
  if (raw === 'none' || raw === '') return [];
  return raw.split(',').map((p) => {
    const name = PEER_NAMES.find((n) => n === p.trim());
    if (!name) throw new Error(`--peers: unknown peer '${p}' (known: ${PEER_NAMES.join(', ')})\n${USAGE}`);
    return name;
  });
}

function wholeNumber(name: string, raw: string): number {
  if (!/^\d+$/.test(raw)) throw new Error(`${name}: '${raw}' is not a whole number\n${USAGE}`);
  return Number(raw);
}
