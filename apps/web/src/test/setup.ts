import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The web tests run beside the server suite on a 2-core machine, and a screen's first lazy import (a
// dialog, an editor) transforms its part of MUI on the spot: under that load a findBy* can need more than
// Testing Library's default second (CI failed once at 1,026 ms). Five seconds keeps a missing element a
// failure without making a slow import one.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
