// Bundles the web client into ui/dist/ (index.html, assets/*, favicon.svg, and their brotli and
// gzip copies, see compress.mjs), which the server embeds at compile time, after generating the
// GraphQL operations' module (codegen.mjs) and the English catalog (i18n-extract.mjs).
// Runs from any working directory: paths are relative to this file.
//
//   node ui/build.mjs          production build (minified, no source maps)
//   node ui/build.mjs --dev    readable build with linked source maps

import { copyFile, cp, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { generate } from './codegen.mjs';
import { catalogDir, compiledCatalog, compileSource, languageCodes, languageName, writeEnglish } from './i18n-extract.mjs';
import { precompress } from './compress.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(root, 'dist');
const dev = process.argv.includes('--dev');
/** The page's background (--bg in styles/global.css): the installed app's and the browser bar's colour. */
const APP_BACKGROUND = /--bg:\s*(#[0-9a-fA-F]{3,8});/.exec(await readFile(path.join(root, 'src/styles/global.css'), 'utf8'))?.[1];
if (!APP_BACKGROUND) throw new Error('build.mjs: no --bg colour in src/styles/global.css');

await generate();
await writeEnglish();
await rm(dist, { recursive: true, force: true });
await mkdir(dist, { recursive: true });

// Preact in place of React (its compat layer speaks React's API, at a tenth of react-dom's
// size): every import of React, and of the shim SWR uses for React 17, goes to it. The types stay
// React's (@types/react), which the compat layer follows.
const preactForReact = {
  react: 'preact/compat',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react-dom/server': 'preact/compat/server',
  'use-sync-external-store/shim': 'preact/compat',
};

// The UI's languages (src/i18n/index.ts): one catalog a language, src/i18n/<code>.json, English's
// written from the code. The bundle gets their list ('corkboard:languages'), a loader of each
// catalog but English's, each a chunk of its own ('corkboard:catalogs'), and every message
// compiled: each t() call's English literal, and each catalog, in ICU's parsed form (plain text
// when there is no placeholder), so that FormatJS's parser stays out of the bundle.
const languageCodesList = await languageCodes();
const languages = await Promise.all(languageCodesList.map(async (code) => ({ code, name: await languageName(code) })));
const catalogFile = (code) => path.join(catalogDir, `${code}.json`);
const sourceDir = path.join(root, 'src') + path.sep;
const i18n = {
  name: 'i18n',
  setup(build) {
    build.onResolve({ filter: /^corkboard:(languages|catalogs)$/ }, (args) => ({ path: args.path, namespace: 'i18n' }));
    build.onLoad({ filter: /.*/, namespace: 'i18n' }, (args) => {
      if (args.path === 'corkboard:languages') return { contents: `export const languages = ${JSON.stringify(languages)};`, loader: 'js' };
      const loaders = languageCodesList
        .filter((code) => code !== 'en')
        .map((code) => `${JSON.stringify(code)}: () => import(${JSON.stringify(catalogFile(code))})`);
      return { contents: `export const catalogs = { ${loaders.join(', ')} };`, loader: 'js', resolveDir: root };
    });
    build.onLoad({ filter: /[\\/]src[\\/]i18n[\\/][^\\/]+\.json$/ }, async (args) => {
      const catalog = await compiledCatalog(path.basename(args.path, '.json'));
      return { contents: `export default JSON.parse(${JSON.stringify(JSON.stringify(catalog))});`, loader: 'js' };
    });
    build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (!args.path.startsWith(sourceDir)) return undefined;
      const text = await readFile(args.path, 'utf8');
      if (!/\btx?\s*\(/.test(text)) return undefined;
      const { contents, errors } = compileSource(text);
      if (errors.length > 0) {
        return { errors: errors.map((error) => ({ text: error.message, location: { file: args.path, line: error.line, column: error.column - 1 } })) };
      }
      return { contents, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
    });
  },
};

const options = {
  absWorkingDir: root,
  entryPoints: ['src/main.tsx'],
  outdir: 'dist',
  entryNames: 'assets/[name]-[hash]',
  chunkNames: 'assets/[name]-[hash]',
  assetNames: 'assets/[name]-[hash]',
  bundle: true,
  format: 'esm',
  target: 'es2020',
  // src/i18n/index.ts loads the reader's catalog before the modules that use it run.
  supported: { 'top-level-await': true },
  platform: 'browser',
  jsx: 'automatic',
  // The messages come parsed (the i18n plugin): intl-messageformat's formatter without its parser.
  alias: { ...preactForReact, '@formatjs/icu-messageformat-parser': '@formatjs/icu-messageformat-parser/no-parser.js' },
  minify: !dev,
  sourcemap: dev ? 'linked' : false,
  legalComments: dev ? 'inline' : 'eof',
  define: { 'process.env.NODE_ENV': JSON.stringify(dev ? 'development' : 'production') },
  loader: { '.svg': 'file', '.png': 'file', '.jpg': 'file', '.webp': 'file', '.woff2': 'file' },
  metafile: true,
  logLevel: 'warning',
};

// The stylesheet: every component's CSS in one file, in import order, as a build without
// splitting makes it (esbuild would give each page's chunk a stylesheet nobody loads). Its
// script is not kept.
const whole = await esbuild.build({ ...options, write: false, plugins: [i18n] });
const cssOutput = whole.outputFiles.map((file) => path.relative(root, file.path)).find((file) => file.endsWith('.css'));
for (const file of whole.outputFiles.filter((file) => !file.path.endsWith('.js'))) {
  await mkdir(path.dirname(file.path), { recursive: true });
  await writeFile(file.path, file.contents);
}

// The scripts: pages are loaded when opened (routes.tsx), each a chunk, shared code in chunks of
// its own; their CSS imports are left out (they are in the stylesheet above).
const withoutCss = {
  name: 'without-css',
  setup(build) {
    build.onResolve({ filter: /\.css$/ }, (args) => ({ path: args.path, namespace: 'without-css' }));
    build.onLoad({ filter: /.*/, namespace: 'without-css' }, () => ({ contents: '', loader: 'js' }));
  },
};
const result = await esbuild.build({ ...options, splitting: true, plugins: [i18n, withoutCss] });

// The entry's script, as esbuild names it (relative to `root`), e.g. dist/assets/main-AB12CD34.js.
const [jsOutput, entry] =
  Object.entries(result.metafile.outputs).find(([, output]) => output.entryPoint === 'src/main.tsx') ?? [];
if (!jsOutput || !entry) throw new Error('build.mjs: esbuild produced no output for src/main.tsx');

// index.html's first script (src/early.ts), on its own: it asks the page's first queries while
// the app's script loads.
const early = await esbuild.build({ ...options, entryPoints: ['src/early.ts'], plugins: [i18n, withoutCss] });
const earlyOutput = Object.keys(early.metafile.outputs).find((output) => output.endsWith('.js'));
if (!earlyOutput) throw new Error('build.mjs: esbuild produced no output for src/early.ts');

// The page shell (src/shell.tsx), rendered here into index.html's root.
const pageShell = await renderShell();

// The chunks the entry imports statically, fetched with it rather than after it.
const preloads = entry.imports.filter((i) => i.kind === 'import-statement').map((i) => i.path);

/** The URL path the server serves an output at: dist/assets/x.js -> /assets/x.js */
const urlOf = (output) => '/' + path.relative('dist', output).split(path.sep).join('/');

/** `output` and the chunks it imports statically, and theirs. */
function withImports(output, found = new Set()) {
  if (found.has(output)) return found;
  found.add(output);
  for (const i of result.metafile.outputs[output]?.imports ?? []) if (i.kind === 'import-statement') withImports(i.path, found);
  return found;
}
// The scripts of the pages src/early.ts fetches ahead (by their names in api/firstQueries.ts; both
// are in pages/browsing.ts's chunk), without those the entry brings.
const firstLoadScripts = withImports(jsOutput);
const pageSources = { board: 'src/pages/browsing.ts', pin: 'src/pages/browsing.ts' };
const pageChunks = Object.fromEntries(
  Object.entries(pageSources).map(([page, source]) => {
    const [output] = Object.entries(result.metafile.outputs).find(([, o]) => o.entryPoint === source) ?? [];
    if (!output) throw new Error(`build.mjs: no chunk for ${source}`);
    return [page, [...withImports(output)].filter((chunk) => !firstLoadScripts.has(chunk)).map(urlOf)];
  }),
);

// Each language's catalog chunk (not English's), which src/early.ts fetches ahead for the reader's language.
const catalogChunks = Object.fromEntries(
  languageCodesList
    .filter((code) => code !== 'en')
    .map((code) => {
      const input = path.relative(root, catalogFile(code)).split(path.sep).join('/');
      const [output] = Object.entries(result.metafile.outputs).find(([file, o]) => file.endsWith('.js') && input in o.inputs) ?? [];
      if (!output) throw new Error(`build.mjs: no chunk for ${input}`);
      return [code, urlOf(output)];
    }),
);

await copyFile(path.join(root, 'src/favicon.svg'), path.join(dist, 'favicon.svg'));

const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="Corkboard: your own board of pictures." />
    <meta name="theme-color" content="${APP_BACKGROUND}" />
    <title>Corkboard</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <link rel="manifest" href="/manifest.webmanifest" />
    <link rel="apple-touch-icon" href="/icon-192.png" />
${cssOutput ? `    <link rel="stylesheet" href="${urlOf(cssOutput)}" />\n` : ''}    <script type="application/json" id="page-chunks">${JSON.stringify(pageChunks)}</script>
    <script type="application/json" id="catalog-chunks">${JSON.stringify(catalogChunks)}</script>
    <script type="module" src="${urlOf(earlyOutput)}"></script>
    <script type="module" src="${urlOf(jsOutput)}"></script>
${preloads.map((chunk) => `    <link rel="modulepreload" href="${urlOf(chunk)}" />\n`).join('')}
  </head>
  <body>
    <div id="root">${pageShell}</div>
    <noscript>Corkboard needs JavaScript to run.</noscript>
  </body>
</html>
`;
await writeFile(path.join(dist, 'index.html'), html);

// The installable app (issue 17): PNG icons drawn here, the web app manifest with its share
// target (POST /share/, handled by src/http/share.rs), and the service worker, which keeps the
// app shell (index.html and this build's assets) for offline use and never touches /api/,
// /media/ or /share/.
for (const size of [192, 512]) await writeFile(path.join(dist, `icon-${size}.png`), iconPng(size));
const manifest = {
  name: 'Corkboard',
  short_name: 'Corkboard',
  description: 'Your own board of pictures.',
  id: '/',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  background_color: APP_BACKGROUND,
  theme_color: APP_BACKGROUND,
  icons: [
    { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any maskable' },
    { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
  ],
  share_target: {
    action: '/share/',
    method: 'POST',
    enctype: 'multipart/form-data',
    params: { title: 'title', text: 'text', url: 'url', files: [{ name: 'pin', accept: ['image/*'] }] },
  },
};
await writeFile(path.join(dist, 'manifest.webmanifest'), JSON.stringify(manifest, null, 2));
// Every script and stylesheet of the build: the pages' chunks too, so that they open offline.
const built = [...Object.keys(result.metafile.outputs).filter((output) => output.endsWith('.js')), earlyOutput, cssOutput].filter(Boolean);
const shell = ['/', ...built.map(urlOf), '/favicon.svg', '/icon-192.png'];
await writeFile(path.join(dist, 'sw.js'), serviceWorker(shell, path.basename(jsOutput)));

if (!dev) await precompress(dist);

// The browser extension (extension/, Manifest V3): its scripts bundled, its manifest, options
// page and icon copied into extension/dist/, the folder to load unpacked or to zip for a store.
const extension = path.join(root, '..', 'extension');
const extensionDist = path.join(extension, 'dist');
await rm(extensionDist, { recursive: true, force: true });
await esbuild.build({
  absWorkingDir: extension,
  entryPoints: ['src/background.ts', 'src/options.ts'],
  outdir: 'dist',
  bundle: true,
  format: 'esm',
  target: 'es2022',
  minify: !dev,
  legalComments: 'none',
  logLevel: 'warning',
});
for (const file of ['manifest.json', 'options.html']) await copyFile(path.join(extension, file), path.join(extensionDist, file));
// Its words in each language (Chrome's `_locales`): a third language is one more messages.json.
await cp(path.join(extension, '_locales'), path.join(extensionDist, '_locales'), { recursive: true });
await writeFile(path.join(extensionDist, 'icon-192.png'), iconPng(192));

/** Size and brotli size of the outputs, in KiB. */
async function sizes(files) {
  let [raw, brotli] = [0, 0];
  for (const file of files) {
    const { size } = await stat(path.join(root, file));
    raw += size;
    // Files under 1 KiB have no compressed copy (compress.mjs).
    brotli += dev ? 0 : await stat(path.join(root, `${file}.br`)).then((br) => br.size, () => size);
  }
  return `${(raw / 1024).toFixed(1)} KiB (brotli ${(brotli / 1024).toFixed(1)} KiB)`;
}
// What the home page loads first: the entry, the chunks it imports statically, the stylesheet.
const firstLoad = [jsOutput, ...preloads, cssOutput];
console.log(`ui: first load ${await sizes(firstLoad.filter(Boolean))}; whole build ${await sizes(built)}`);

/** The service worker's source: `shell` is cached at install under a name tied to this build. */
function serviceWorker(shell, version) {
  return `// Corkboard's service worker (generated by ui/build.mjs).
const CACHE = ${JSON.stringify('corkboard-shell-' + version)};
const SHELL = ${JSON.stringify(shell)};
// Answers that must always come from the server, never from a cache.
const NEVER = ['/api/', '/media/', '/share/', '/feeds/'];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (NEVER.some((prefix) => url.pathname.startsWith(prefix))) return;
  if (request.mode === 'navigate') {
    // The network first (a fresh index.html), the cached shell when offline.
    event.respondWith(fetch(request).catch(() => caches.match('/').then((shell) => shell || Response.error())));
    return;
  }
  if (SHELL.includes(url.pathname)) {
    event.respondWith(caches.match(url.pathname).then((cached) => cached || fetch(request)));
  }
});
`;
}

/** A square PNG icon of `size` pixels: a cork-coloured board with a red pin, drawn without a library. */
function iconPng(size) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  const centre = size / 2;
  for (let y = 0; y < size; y += 1) {
    const row = y * (size * 4 + 1);
    raw[row] = 0;
    for (let x = 0; x < size; x += 1) {
      const at = row + 1 + x * 4;
      const pin = Math.hypot(x - centre, y - size * 0.4) < size * 0.16;
      const paper = Math.abs(x - centre) < size * 0.28 && y > size * 0.3 && y < size * 0.82;
      const [r, g, b] = pin ? [214, 48, 49] : paper ? [255, 255, 255] : [196, 154, 108];
      raw.set([r, g, b, 255], at);
    }
  }
  const chunk = (type, data) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(bytes) {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** The markup of src/shell.tsx, bundled for Node (React's server renderer) and run here. */
async function renderShell() {
  const built = await esbuild.build({
    ...options,
    entryPoints: ['src/shell.tsx'],
    platform: 'node',
    minify: false,
    write: false,
    plugins: [i18n, withoutCss],
    // React's server renderer requires Node's modules, which an ES module does through this.
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  const bundle = path.join(tmpdir(), `corkboard-shell-${process.pid}.mjs`);
  await writeFile(bundle, built.outputFiles[0].contents);
  try {
    return (await import(pathToFileURL(bundle).href)).shell;
  } finally {
    await rm(bundle, { force: true });
  }
}
