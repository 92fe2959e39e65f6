// The API's version, read from its package.json (one level above both src/ and dist/).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const APP_VERSION: string = (
  JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as { version: string }
).version;
