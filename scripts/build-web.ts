/**
 * Bundles the search page (src/web) with esbuild into dist/web: hashed asset names under
 * assets/, index.html pointing at them, and brotli + gzip copies of every file so the server
 * sends them precompressed; and, for the server, `server/first-requests.js` (the page's own rules
 * for the API requests a URL makes first, bundled for Node; not served). Run by `npm run build`
 * (and so by `npm ci`, through `prepare`).
 */
import { build } from 'esbuild';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface WebBuild {
  outDir: string;
  /** Paths relative to outDir, e.g. `assets/app-3FZK2Q7A.js`. */
  js: string;
  /** Scripts the page loads later (`import()`), e.g. the sanitiser of a posting's description. */
  chunks: string[];
  css: string;
  /** The Node module that names the page's first API requests (`firstRequests(search)`). */
  firstRequests: string;
  /** Bytes of each file as served: plain, brotli, gzip. */
  sizes: Record<string, { raw: number; br: number; gzip: number }>;
}

export async function buildWeb(outDir = join(ROOT, 'dist', 'web')): Promise<WebBuild> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const result = await build({
    entryPoints: { app: join(ROOT, 'src', 'web', 'main.ts') },
    bundle: true,
    minify: true,
    format: 'esm',
    // Browsers of 2022 on: class fields and the rest of the page's syntax run as written, so no
    // helper chunk is shared between the page and its lazily loaded scripts.
    target: ['chrome100', 'edge100', 'firefox100', 'safari15'],
    outdir: outDir,
    entryNames: 'assets/[name]-[hash]',
    chunkNames: 'assets/[name]-[hash]',
    splitting: true,
    assetNames: 'assets/[name]-[hash]',
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  const firstRequests = join(outDir, 'server', 'first-requests.js');
  await build({
    entryPoints: [join(ROOT, 'src', 'web', 'first-requests.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: ['node20'],
    outfile: firstRequests,
    legalComments: 'none',
    logLevel: 'warning',
  });
  const entries = Object.entries(result.metafile.outputs).map(([p, o]) => ({
    path: relative(outDir, p).split('\\').join('/'),
    entry: o.entryPoint !== undefined && o.entryPoint.endsWith('main.ts'),
  }));
  const outputs = entries.map((o) => o.path);
  const js = entries.find((o) => o.entry && o.path.endsWith('.js'))?.path;
  const css = outputs.find((p) => p.endsWith('.css'));
  const chunks = entries.filter((o) => !o.entry && o.path.endsWith('.js')).map((o) => o.path);
  if (js === undefined || css === undefined)
    throw new Error(`web build: expected a .js and a .css output, got ${outputs.join(', ')}`);
  const html = readFileSync(join(ROOT, 'src', 'web', 'index.html'), 'utf8')
    .replace('{{css}}', `/${css}`)
    .replace('{{js}}', `/${js}`);
  writeFileSync(join(outDir, 'index.html'), html);
  const sizes: WebBuild['sizes'] = {};
  for (const file of [js, ...chunks, css, 'index.html']) {
    const body = readFileSync(join(outDir, file));
    const br = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    const gz = gzipSync(body, { level: 9 });
    writeFileSync(join(outDir, `${file}.br`), br);
    writeFileSync(join(outDir, `${file}.gz`), gz);
    sizes[file] = { raw: body.length, br: br.length, gzip: gz.length };
  }
  return { outDir, js, chunks, css, firstRequests, sizes };
}

if (process.argv[1] !== undefined && basename(process.argv[1]).startsWith('build-web')) {
  const out = await buildWeb(process.argv[2]);
  const total = (k: 'raw' | 'br' | 'gzip') =>
    [out.js, ...out.chunks, out.css].reduce((sum, file) => sum + (out.sizes[file]?.[k] ?? 0), 0);
  console.log(
    `web page built in ${relative(ROOT, out.outDir)}: JS+CSS ${total('raw')} bytes, ${total('br')} brotli, ${total('gzip')} gzip`,
  );
}
