const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

interface Operation {
  summary?: string;
  tags?: string[];
}

/** A self-contained HTML page listing the operations of an OpenAPI document, grouped by tag. */
export function docsPage(document: unknown): string {
  const doc = document as {
    info?: { title?: string; version?: string };
    paths?: Record<string, Record<string, Operation>>;
  };
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(methods)) {
      const tag = operation.tags?.[0] ?? 'other';
      const line = `<tr><td><code>${escapeHtml(method.toUpperCase())}</code></td><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(operation.summary ?? '')}</td></tr>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), line]);
    }
  }
  const sections = [...byTag.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([tag, rows]) =>
        `<section><h2>${escapeHtml(tag)}</h2><table><thead><tr><th scope="col">Method</th><th scope="col">Path</th><th scope="col">Summary</th></tr></thead><tbody>${rows.join('')}</tbody></table></section>`,
    )
    .join('');
  const title = escapeHtml(doc.info?.title ?? 'API');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>body{font-family:system-ui,sans-serif;margin:1rem auto;max-width:70rem;padding:0 1rem;color:#1a1a1a}table{border-collapse:collapse;width:100%;margin-bottom:1rem}th,td{text-align:left;border-bottom:1px solid #ccc;padding:.3rem .5rem;vertical-align:top}code{word-break:break-all}</style></head><body><main><h1>${title} ${escapeHtml(doc.info?.version ?? '')}</h1><p>The machine-readable document: <a href="/api/docs/openapi.json">openapi.json</a>.</p>${sections}</main></body></html>`;
}
