#!/usr/bin/env node
// Builds the workspaces whose inputs changed since their last build, for `npm start` (docs/operations.md,
// "Quick start builds"): a start with nothing changed builds nothing. The inputs of a workspace are its
// sources, its configuration, the root lock file and the inputs of the workspaces it uses; their SHA-256
// is kept in node_modules/.cache/stp-build/ once a build succeeds. `--force` builds all three.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stampDir = path.join(root, 'node_modules/.cache/stp-build');
// Tests and their support are not part of any build.
const notBuilt = /(\.test\.tsx?|\.fixtures\.ts|test-support\.ts|\/src\/test\/.*)$/;
const shared = ['tsconfig.base.json', 'package-lock.json'];

/** Each workspace: what it is built from, what a build leaves (missing: build again), what it uses. */
const workspaces = [
  {
    name: '@stp/shared',
    dir: 'packages/shared',
    inputs: ['src', 'package.json', 'tsconfig.json', 'tsconfig.build.json'],
    outputs: ['dist/index.js'],
    uses: [],
  },
  {
    name: '@stp/server',
    dir: 'apps/server',
    inputs: ['src', 'package.json', 'tsconfig.json', 'tsconfig.build.json'],
    outputs: ['dist/main.js'],
    uses: ['@stp/shared'],
  },
  {
    name: '@stp/web',
    dir: 'apps/web',
    inputs: ['src', 'public', 'index.html', 'vite.config.ts', 'package.json', 'tsconfig.json'],
    outputs: ['dist/index.html', 'dist-ssr/entry-server.js'],
    uses: ['@stp/shared'],
  },
];

/** Every file under `entry` (a file or a folder), relative to the root, sorted. */
async function filesOf(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  const found = [];
  const walk = async (dir) => {
    for (const item of await readdir(dir, { withFileTypes: true })) {
      const file = path.join(dir, item.name);
      if (item.isDirectory()) await walk(file);
      else if (item.isFile()) found.push(path.relative(root, file).split(path.sep).join('/'));
    }
  };
  if ((await stat(full)).isDirectory()) await walk(full);
  else found.push(entry);
  return found.filter((file) => !notBuilt.test(file)).sort();
}

/** The SHA-256 of a workspace's inputs (names and contents), with those of the workspaces it uses. */
async function inputsHash(workspace, hashes) {
  const hash = createHash('sha256');
  for (const used of workspace.uses) hash.update(`${used}:${hashes.get(used)}\n`);
  const files = [
    ...shared,
    ...(await Promise.all(workspace.inputs.map((entry) => filesOf(path.join(workspace.dir, entry))))).flat(),
  ];
  for (const file of files) {
    hash.update(`${file}\n`);
    hash.update(await readFile(path.join(root, file)));
  }
  return hash.digest('hex');
}

const stampFile = (workspace) => path.join(stampDir, `${workspace.name.replace('/', '+')}.sha256`);

async function upToDate(workspace, hash) {
  if (!workspace.outputs.every((file) => existsSync(path.join(root, workspace.dir, file)))) return false;
  const stamp = await readFile(stampFile(workspace), 'utf8').catch(() => '');
  return stamp.trim() === hash;
}

/** `npm run build -w name`, its output kept and shown only when it fails. */
function build(workspace) {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '--silent', '-w', workspace.name], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) {
        console.log(`Built ${workspace.name} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
        resolve();
      } else {
        process.stderr.write(output);
        reject(new Error(`The build of ${workspace.name} failed (exit code ${code}).`));
      }
    });
  });
}

async function main() {
  const force = process.argv.includes('--force');
  const hashes = new Map();
  for (const workspace of workspaces) hashes.set(workspace.name, await inputsHash(workspace, hashes));
  const stale = [];
  for (const workspace of workspaces)
    if (force || !(await upToDate(workspace, hashes.get(workspace.name)))) stale.push(workspace);
  if (stale.length === 0) {
    console.log('The app is built and its sources are unchanged: nothing to build.');
    return;
  }
  console.log(
    `Building ${stale.map((workspace) => workspace.name).join(', ')} (sources changed since the last build)…`,
  );
  await mkdir(stampDir, { recursive: true });
  const done = async (workspace) => {
    await build(workspace);
    await writeFile(stampFile(workspace), `${hashes.get(workspace.name)}\n`);
  };
  // The shared package first (the others compile against it); then the server and the web app side by side.
  const first = stale.find((workspace) => workspace.name === '@stp/shared');
  if (first) await done(first);
  const outcomes = await Promise.allSettled(stale.filter((workspace) => workspace !== first).map(done));
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
