import { defineConfig } from 'vitest/config';
import { BalancedSequencer } from './support/balanced-sequencer.js';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // One browser and one server per vitest process: its specs take turns. `run-shards.mjs` runs
    // several such processes at once, split by time (`--shard`).
    fileParallelism: false,
    sequence: { sequencer: BalancedSequencer },
  },
});
