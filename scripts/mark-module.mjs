// Writes a package.json {"type": ...} into each build output folder so Node reads ESM and CJS builds correctly.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const args = process.argv.slice(2);
for (let i = 0; i < args.length; i += 2) {
  writeFileSync(join(args[i], 'package.json'), JSON.stringify({ type: args[i + 1] }) + '\n');
}
