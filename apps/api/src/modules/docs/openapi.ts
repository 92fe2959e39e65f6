// The API documented from the contract: an OpenAPI 3 document at /api/v1/openapi.json and a reference page at /api/docs.
import { Router } from 'express';
import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';
import { generateOpenApi } from '@ts-rest/open-api';
import { contract } from '@cx/contracts';
import { APP_VERSION as API_VERSION } from '../../version';

type OpenApiDocument = ReturnType<typeof generateOpenApi>;
let cached: OpenApiDocument | undefined;

/** Generated once per process from the same contract the server validates against, so it cannot drift. */
export function openApiDocument(): OpenApiDocument {
  cached ??= generateOpenApi(
    contract,
    {
      info: {
        title: 'CX Journey API',
        version: API_VERSION,
        description:
          'Every route of the CX Journey /api/v1 contract. Routes without the "public" tag need ' +
          '`Authorization: Bearer <token>` from POST /api/v1/user/login.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    {
      setOperationId: 'concatenated-path',
      operationMapper: (operation, route) => {
        const isPublic = (route.metadata as { public?: boolean } | undefined)?.public === true;
        return {
          ...operation,
          tags: [...(operation.tags ?? []), ...(isPublic ? ['public'] : [])],
          security: isPublic ? [] : [{ bearer: [] }],
        };
      },
    },
  );
  return cached;
}

interface Row {
  key: string;
  route: AppRoute;
}

function rows(router: AppRouter, prefix = ''): Row[] {
  return Object.entries(router).flatMap(([name, value]) => {
    const key = prefix ? `${prefix}.${name}` : name;
    return isAppRoute(value) ? [{ key, route: value }] : rows(value, key);
  });
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Plain server-rendered HTML (no script), so it works under the strictest Content-Security-Policy and offline. */
export function referencePage(): string {
  const body = rows(contract)
    .map(({ key, route }) => {
      const isPublic = (route.metadata as { public?: boolean } | undefined)?.public === true;
      return (
        `<tr><td><code>${route.method}</code></td><td><code>${escapeHtml(route.path)}</code></td>` +
        `<td>${escapeHtml(route.summary ?? '')}</td><td>${isPublic ? 'public' : 'bearer token'}</td>` +
        `<td><code>${escapeHtml(key)}</code></td></tr>`
      );
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>CX Journey API reference</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#1a202c}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e2e8f0;padding:.4rem;text-align:left;vertical-align:top}
code{font-size:13px}</style></head>
<body><main><h1>CX Journey API reference</h1>
<p>Version ${escapeHtml(API_VERSION)}. The machine-readable OpenAPI 3 document is at
<a href="/api/v1/openapi.json">/api/v1/openapi.json</a>. Errors always answer
<code>{ message, code?, fieldErrors? }</code>.</p>
<table><thead><tr><th>Method</th><th>Path</th><th>What it does</th><th>Access</th><th>Contract key</th></tr></thead>
<tbody>
${body}
</tbody></table></main></body></html>`;
}

export function docsRouter(): Router {
  const router = Router();
  router.get('/api/v1/openapi.json', (_req, res) => {
    res.setHeader('cache-control', 'public, max-age=300');
    res.json(openApiDocument());
  });
  router.get('/api/docs', (_req, res) => {
    res.setHeader('cache-control', 'public, max-age=300');
    res.type('html').send(referencePage());
  });
  return router;
}
