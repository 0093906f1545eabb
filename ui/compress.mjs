// Precompresses the built UI: next to each text file of ui/dist over 1 KiB, a brotli (.br, best
// quality) and a gzip (.gz) copy, which the server sends to browsers that accept them.
//
//   import { precompress } from './compress.mjs'; await precompress(dist);

import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt']);
const SMALLEST = 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** @param {string} dist */
export async function precompress(dist) {
  const entries = await readdir(dist, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || !COMPRESSIBLE.has(path.extname(entry.name))) continue;
    const file = path.join(entry.parentPath, entry.name);
    const bytes = await readFile(file);
    if (bytes.length < SMALLEST) continue;
    const [br, gz] = await Promise.all([
      brotli(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    await writeFile(`${file}.br`, br);
    await writeFile(`${file}.gz`, gz);
  }
}
