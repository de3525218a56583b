import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';

// Issue 29, item 10: the build's source maps stay on disk (scripts/first-load-profile.mjs reads them
// there) and are never served: they hand out the app's whole source, comments included.
describe.each(['production', 'test'])('source maps, NODE_ENV=%s', (nodeEnv) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ NODE_ENV: nodeEnv });
    const assets = path.join(ctx.config.webDistDir, 'assets');
    await writeFile(path.join(assets, 'app-1234.js.map'), '{"version":3,"sources":["src/main.tsx"]}');
    await writeFile(path.join(assets, 'app-1234.css.map'), '{"version":3,"sources":["src/app.css"]}');
    await writeFile(path.join(ctx.config.webDistDir, 'root.js.map'), '{"version":3}');
  });
  afterAll(() => ctx.close());

  it('are not served, under any spelling of their path', async () => {
    const visitor = ctx.client();
    for (const url of [
      '/static/assets/app-1234.js.map',
      '/static/assets/app-1234.css.map',
      '/static/root.js.map',
      '/static/assets/app-1234.js.MAP',
      '/static/assets//app-1234.js.map',
      '/static/assets/app-1234.js.map?x=1',
      '/static/assets/app-1234.js%2Emap',
    ]) {
      const response = await visitor.request({ url });
      // 404; a doubled slash is refused with 403 by the static files plugin before that.
      expect([403, 404], `${url} ${response.statusCode}`).toContain(response.statusCode);
      expect(response.body, url).not.toContain('"sources"');
    }
  });

  it('while the scripts themselves are', async () => {
    const response = await ctx.client().request({ url: '/static/assets/app-1234.js' });
    expect(response.statusCode).toBe(200);
  });
});
