// Writes a .br and a .gz next to every compressible file of a built web app, once at build time, so
// the server sends them as they are (@fastify/static `preCompressed`) instead of compressing per request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;
const MIN_BYTES = 1024; // below a packet's worth, compression saves nothing
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node scripts/precompress.mjs <dist dir>');
  process.exit(2);
}
let files = 0;
let before = 0;
let after = 0;
for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const path = join(entry.parentPath, entry.name);
  const content = await readFile(path);
  if (content.length < MIN_BYTES) continue;
  const br = await brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } });
  await writeFile(`${path}.br`, br);
  await writeFile(`${path}.gz`, await gz(content, { level: 9 }));
  files += 1;
  before += content.length;
  after += br.length;
}
console.log(`precompressed ${files} files in ${dir}: ${(before / 1024).toFixed(0)} KiB, ${(after / 1024).toFixed(0)} KiB with brotli`);
