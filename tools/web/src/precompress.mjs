import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** What is worth compressing: text. Images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 512;

/**
 * Writes name.br (brotli, quality 11) and name.gz (gzip, level 9) beside every compressible file of a built
 * folder, once, at build time, so the server sends compressed bytes without compressing per request. A copy
 * that would not be smaller is not written.
 */
export async function precompressDir(dir) {
  let written = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    written += await precompressFile(file);
  }
  return written;
}

export async function precompressFile(file) {
  if ((await stat(file)).size < MIN_BYTES) return 0;
  const content = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gz(content, { level: 9 }),
  ]);
  let written = 0;
  if (br.length < content.length) {
    await writeFile(`${file}.br`, br);
    written++;
  }
  if (gzipped.length < content.length) {
    await writeFile(`${file}.gz`, gzipped);
    written++;
  }
  return written;
}
