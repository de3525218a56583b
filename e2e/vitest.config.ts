import { defineConfig } from 'vitest/config';
import { BalancedSequencer } from './support/balanced-sequencer.js';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // expect.poll gives up after 1 s by default: too short for a screen's chunk and its first API
    // read when two shards share two cores (a heading or a result row then shows up after 1-3 s and
    // the test failed with "Matcher did not succeed in time"). Polls keep their 50 ms interval, so a
    // passing wait still ends as soon as the page is right.
    expect: { poll: { timeout: 10_000 } },
    // A failed test runs once more before it counts as failed. On two shared cores a browser step now
    // and then misses its timeout (one of about 450 tests per run: a different one each time, passing
    // alone and in the next run). A test that fails twice still fails the run (docs/decisions.md).
    retry: 1,
    // One browser and one server per vitest process: its specs take turns. `run-shards.mjs` runs
    // several such processes at once, split by time (`--shard`).
    fileParallelism: false,
    sequence: { sequencer: BalancedSequencer },
  },
});
