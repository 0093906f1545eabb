// Bundles the web client into ui/dist/ (index.html, assets/*, favicon.svg, and their brotli and
// gzip copies, see compress.mjs), which the server embeds at compile time, after generating the
// GraphQL operations' module (codegen.mjs).
// Runs from any working directory: paths are relative to this file.
//
//   node ui/build.mjs          production build (minified, no source maps)
//   node ui/build.mjs --dev    readable build with linked source maps

import { copyFile, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { generate } from './codegen.mjs';
import { precompress } from './compress.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(root, 'dist');
const dev = process.argv.includes('--dev');

await generate();
await rm(dist, { recursive: true, force: true });
await mkdir(dist, { recursive: true });

const result = await esbuild.build({
  absWorkingDir: root,
  entryPoints: ['src/main.tsx'],
  outdir: 'dist',
  entryNames: 'assets/[name]-[hash]',
  assetNames: 'assets/[name]-[hash]',
  bundle: true,
  format: 'esm',
  target: 'es2020',
  platform: 'browser',
  jsx: 'automatic',
  minify: !dev,
  sourcemap: dev ? 'linked' : false,
  legalComments: dev ? 'inline' : 'eof',
  define: { 'process.env.NODE_ENV': JSON.stringify(dev ? 'development' : 'production') },
  loader: { '.svg': 'file', '.png': 'file', '.jpg': 'file', '.webp': 'file', '.woff2': 'file' },
  metafile: true,
  logLevel: 'warning',
});

// The entry's outputs, as esbuild names them (relative to `root`), e.g. dist/assets/main-AB12CD34.js.
const [jsOutput, entry] =
  Object.entries(result.metafile.outputs).find(([, output]) => output.entryPoint === 'src/main.tsx') ?? [];
if (!jsOutput || !entry) throw new Error('build.mjs: esbuild produced no output for src/main.tsx');
const cssOutput = entry.cssBundle;

/** The URL path the server serves an output at: dist/assets/x.js -> /assets/x.js */
const urlOf = (output) => '/' + path.relative('dist', output).split(path.sep).join('/');

await copyFile(path.join(root, 'src/favicon.svg'), path.join(dist, 'favicon.svg'));

const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="Corkboard: your own board of pictures." />
    <meta name="theme-color" content="#ffffff" />
    <title>Corkboard</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
${cssOutput ? `    <link rel="stylesheet" href="${urlOf(cssOutput)}" />\n` : ''}    <script type="module" src="${urlOf(jsOutput)}"></script>
  </head>
  <body>
    <div id="root"></div>
    <noscript>Corkboard needs JavaScript to run.</noscript>
  </body>
</html>
`;
await writeFile(path.join(dist, 'index.html'), html);

if (!dev) await precompress(dist);

for (const file of [jsOutput, cssOutput].filter(Boolean)) {
  const { size } = await stat(path.join(root, file));
  const { size: brotli } = dev ? { size: 0 } : await stat(path.join(root, `${file}.br`));
  console.log(`ui: ${path.relative('dist', file)}  ${(size / 1024).toFixed(1)} KiB (brotli ${(brotli / 1024).toFixed(1)} KiB)`);
}
