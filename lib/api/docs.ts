// The OpenAPI document (/api/openapi.json) and a readable, self-contained docs page (/api/docs):
// no CDN scripts, so it works on an offline install.
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './context';

const escapeHtml = (value: unknown) =>
  String(value ?? '').replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function openApiDocument(app: OpenAPIHono<AppEnv>) {
  return app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Sports portal API',
      version: '1',
      description:
        'Paths are matched case-insensitively. Every response is an envelope {code, msg, data}: code 0 success, 1 error with a translated message, 700 login needed. Send the session token in the `token` header (or cookie) and the language in `lang`.',
    },
  });
}

type Operation = {
  summary?: string;
  tags?: string[];
  parameters?: { name: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
};

function renderDocs(document: ReturnType<typeof openApiDocument>) {
  const rows: string[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, raw] of Object.entries(item as Record<string, Operation>)) {
      const operation = raw as Operation;
      const fields = operation.parameters?.length
        ? JSON.stringify(
            Object.fromEntries(operation.parameters.map((p) => [p.name + (p.required ? '' : '?'), p.schema])),
            null,
            2,
          )
        : JSON.stringify(operation.requestBody?.content?.['application/json']?.schema ?? {}, null, 2);
      rows.push(
        `<section><h3><span class="m ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> <code>${escapeHtml(path)}</code> <small>${escapeHtml(operation.tags?.join(', '))}</small></h3><p>${escapeHtml(operation.summary)}</p><details><summary>Input</summary><pre>${escapeHtml(fields)}</pre></details></section>`,
      );
    }
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(document.info.title)}</title><meta name="viewport" content="width=device-width"><style>
body{font:14px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1f2430}
h1{font-size:22px}section{border-top:1px solid #e5e7eb;padding:.5rem 0}h3{font-size:15px;margin:.25rem 0}
.m{display:inline-block;min-width:44px;text-align:center;border-radius:4px;color:#fff;font-size:12px;padding:1px 6px}
.get{background:#2563eb}.post{background:#16a34a}pre{background:#f6f7f9;padding:.5rem;overflow:auto}small{color:#6b7280}
</style></head><body><h1>${escapeHtml(document.info.title)}</h1><p>${escapeHtml(document.info.description)}</p><p><a href="/api/openapi.json">openapi.json</a></p>${rows.join('')}</body></html>`;
}

export function registerDocs(app: OpenAPIHono<AppEnv>) {
  app.get('/api/openapi.json', (c) => c.json(openApiDocument(app)));
  app.get('/api/docs', (c) => c.html(renderDocs(openApiDocument(app))));
}
