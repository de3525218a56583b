#!/usr/bin/env node
// `npm audit` of the production dependencies (issue 7): lists what it finds and exits 1 on a high or
// critical finding. Where the registry does not serve npm's audit endpoint (this project's build machine
// answers 405 Method Not Allowed), there is no finding to judge: it says so in one line and exits 0,
// or 1 with --require (docs/security.md, "npm audit").
// Options: --require (fail when the audit cannot run), --report FILE (judge a saved `npm audit --json`).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const option = (name) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
const failingSeverities = ['high', 'critical'];

function readReport() {
  const saved = option('--report');
  if (saved) return JSON.parse(readFileSync(saved, 'utf8'));
  const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
  try {
    return JSON.parse(run.stdout);
  } catch {
    return { message: (run.stderr || run.stdout || `npm exited ${run.status}`).trim() };
  }
}

const report = readReport();
const counts = report.metadata?.vulnerabilities;
if (!counts) {
  console.warn(`npm audit --omit=dev did not run: ${report.message ?? 'no report'}`);
  process.exit(process.argv.includes('--require') ? 1 : 0);
}

const findings = Object.values(report.vulnerabilities ?? {});
for (const finding of findings) {
  const advisories = finding.via
    .filter((via) => typeof via === 'object')
    .map((via) => `${via.title} (${via.url})`);
  const through = finding.via.filter((via) => typeof via === 'string');
  const cause = advisories.length > 0 ? advisories.join('; ') : `through ${through.join(', ')}`;
  console.log(`${finding.severity.padEnd(8)} ${finding.name} ${finding.range}: ${cause}`);
}
const summary = Object.entries(counts)
  .filter(([severity]) => severity !== 'total')
  .map(([severity, count]) => `${severity} ${count}`)
  .join(', ');
console.log(`npm audit --omit=dev: ${counts.total} finding(s): ${summary}`);
const failing = failingSeverities.reduce((sum, severity) => sum + (counts[severity] ?? 0), 0);
if (failing > 0) {
  console.error(`${failing} high or critical finding(s) in the production dependencies`);
  process.exit(1);
}
