// `npm run client:types`: regenerates the typed client's types from the contract's openapi.json.
// The types do not depend on the data or the site, so no build is needed.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { clientTypes, CLIENT_TYPES_FILE } from '../lib/publication/client-types.ts';
import { openApiDocument } from '../lib/publication/openapi.ts';
import { MINNESOTA } from '../lib/states.ts';
import { runCommand } from './command.ts';

const ROOT = join(import.meta.dirname, '..', '..');

runCommand('client:types', 'usage: npm run client:types   (writes ' + CLIENT_TYPES_FILE + ')', async () => {
  parseArgs({ args: process.argv.slice(2), options: {}, strict: true });
  await writeFile(join(ROOT, CLIENT_TYPES_FILE), await clientTypes(openApiDocument(MINNESOTA, 'https://example.org')));
  process.stdout.write(`client:types: wrote ${CLIENT_TYPES_FILE}\n`);
  return 0;
});
