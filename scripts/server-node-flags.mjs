// The Node.js flags a serving process is started with (`config.serverNodeFlags` of package.json, which
// `npm start` passes too; docs/operations.md, "Memory of a serving process"): the scripts that start the
// server to measure it start it the same way. `root`: the checkout whose server is started (another
// checkout's flags in a before/after comparison; none where its package.json has none).
import { readFileSync } from 'node:fs';
import path from 'node:path';

export function serverNodeFlags(root = path.resolve(import.meta.dirname, '..')) {
  const { config } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const flags = config?.serverNodeFlags ?? '';
  return flags.split(' ').filter((flag) => flag !== '');
}
