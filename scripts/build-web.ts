/**
 * Bundles the search page (src/web) with esbuild into dist/web: hashed asset names under
 * assets/, index.html pointing at them, and brotli + gzip copies of every file so the server
 * sends them precompressed. Run by `npm run build` (and so by `npm ci`, through `prepare`).
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
  css: string;
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
    target: ['es2020'],
    outdir: outDir,
    entryNames: 'assets/[name]-[hash]',
    assetNames: 'assets/[name]-[hash]',
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  const outputs = Object.keys(result.metafile.outputs).map((p) => relative(outDir, p).split('\\').join('/'));
  const js = outputs.find((p) => p.endsWith('.js'));
  const css = outputs.find((p) => p.endsWith('.css'));
  if (js === undefined || css === undefined)
    throw new Error(`web build: expected a .js and a .css output, got ${outputs.join(', ')}`);
  const html = readFileSync(join(ROOT, 'src', 'web', 'index.html'), 'utf8')
    .replace('{{css}}', `/${css}`)
    .replace('{{js}}', `/${js}`);
  writeFileSync(join(outDir, 'index.html'), html);
  const sizes: WebBuild['sizes'] = {};
  for (const file of [js, css, 'index.html']) {
    const body = readFileSync(join(outDir, file));
    const br = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    const gz = gzipSync(body, { level: 9 });
    writeFileSync(join(outDir, `${file}.br`), br);
    writeFileSync(join(outDir, `${file}.gz`), gz);
    sizes[file] = { raw: body.length, br: br.length, gzip: gz.length };
  }
  return { outDir, js, css, sizes };
}

if (process.argv[1] !== undefined && basename(process.argv[1]).startsWith('build-web')) {
  const out = await buildWeb(process.argv[2]);
  const total = (k: 'raw' | 'br' | 'gzip') => (out.sizes[out.js]?.[k] ?? 0) + (out.sizes[out.css]?.[k] ?? 0);
  console.log(
    `web page built in ${relative(ROOT, out.outDir)}: JS+CSS ${total('raw')} bytes, ${total('br')} brotli, ${total('gzip')} gzip`,
  );
}
