// The API documented from the contract: an OpenAPI 3 document at /api/v1/openapi.json and a reference page at /api/docs.
import { Router } from 'express';
import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';
import { generateOpenApi } from '@ts-rest/open-api';
import { API_KEY_SCOPE_LABELS, contract, type TApiKeyScope } from '@cx/contracts';
import { env } from '../../config/env';
import { APP_VERSION as API_VERSION } from '../../version';
import { asOpenApi30 } from './openapi-3-0';
import { ERROR_SCHEMA, sharedErrorBody } from './openapi-errors';
import { TRY_IT_SCRIPT } from './try-it';

type OpenApiDocument = ReturnType<typeof generateOpenApi>;

/** The API-key scope a route admits (its contract metadata's `apiKey`), if any. */
export const apiKeyScopeOf = (route: AppRoute): TApiKeyScope | undefined =>
  (route.metadata as { apiKey?: TApiKeyScope } | undefined)?.apiKey;

const keyNote = (scope: TApiKeyScope) =>
  `Also callable with an API key (\`Authorization: Bearer cxk_…\`) holding the \`${scope}\` scope ` +
  `(${API_KEY_SCOPE_LABELS[scope]}).`;
let cached: OpenApiDocument | undefined;

/**
 * Generated once per process from the same contract the server validates against, so it cannot drift; then written
 * the OpenAPI 3.0 way where the generator speaks newer JSON Schema (see openapi-3-0.ts).
 */
export function openApiDocument(): OpenApiDocument {
  if (cached) return cached;
  const errors = sharedErrorBody();
  cached = generateOpenApi(
    contract,
    {
      // Paths already start with /api/v1, so the server is the API's public origin.
      servers: [{ url: env.PUBLIC_API_URL.replace(/\/+$/, ''), description: 'This deployment of the API' }],
      info: {
        title: 'CX Journey API',
        version: API_VERSION,
        description:
          'Every route of the CX Journey /api/v1 contract. Routes without the "public" tag need ' +
          '`Authorization: Bearer <token>` from POST /api/v1/user/login. Routes listing the `apiKey` scheme also ' +
          'accept a business API key (`Authorization: Bearer cxk_…`, created on the Integrations page) holding the ' +
          'scope named in their description; a key sees only its business and, when limited, its stores.',
        termsOfService: `${env.PUBLIC_WEB_URL}/terms-conditions`,
        license: {
          name: 'Proprietary: the CX Journey terms of use',
          url: `${env.PUBLIC_WEB_URL}/terms-conditions`,
        },
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'cxk_…',
            description:
              'A business API key; each route says which scope it needs. Over its rate limit: 429.',
          },
        },
      },
    },
    {
      setOperationId: 'concatenated-path',
      operationMapper: (operation, route): typeof operation => {
        const isPublic = (route.metadata as { public?: boolean } | undefined)?.public === true;
        const scope = apiKeyScopeOf(route);
        return {
          ...errors.refer(operation, route),
          tags: [...(operation.tags ?? []), ...(isPublic ? ['public'] : []), ...(scope ? ['api-key'] : [])],
          security: isPublic ? [] : [{ bearer: [] }, ...(scope ? [{ apiKey: [] }] : [])],
          ...(scope
            ? { description: [operation.description, keyNote(scope)].filter(Boolean).join('\n\n') }
            : {}),
        };
      },
    },
  );
  const error = errors.schema();
  if (error)
    cached.components = {
      ...cached.components,
      schemas: { ...cached.components?.schemas, [ERROR_SCHEMA]: error },
    };
  return asOpenApi30(cached);
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

/** The GET routes a key may call, for the "Try it" form (full paths, as a developer would type them). */
function tryItOptions(): string {
  return rows(contract)
    .filter(({ route }) => route.method === 'GET' && apiKeyScopeOf(route))
    .map(({ route }) => {
      const path = escapeHtml(route.path.replace(':table', 'timeline'));
      return `<option value="${path}">${path} (${apiKeyScopeOf(route)})</option>`;
    })
    .join('');
}

const TRY_IT_FORM = () => `<section aria-labelledby="try"><h2 id="try">Try it with an API key</h2>
<p>Create a key on the Integrations page (Owner and Admin), then call a route that takes it. The key stays in this
page: it is sent only to this API, in the <code>Authorization</code> header.</p>
<form id="try-it" autocomplete="off">
<label>Route <select name="path">${tryItOptions()}</select></label>
<label>Query <input name="query" placeholder="period=last7&amp;limit=5"></label>
<label>API key <input name="key" type="password" placeholder="cxk_…" required></label>
<button type="submit">Send</button>
</form>
<p id="try-status" role="status"></p><pre id="try-output"></pre></section>`;

/**
 * Server-rendered HTML whose one script (the "Try it" form) is served by the API itself: no inline script, so it
 * works under helmet's Content-Security-Policy (script-src 'self') and offline.
 */
export function referencePage(): string {
  const body = rows(contract)
    .map(({ key, route }) => {
      const isPublic = (route.metadata as { public?: boolean } | undefined)?.public === true;
      const scope = apiKeyScopeOf(route);
      const who = isPublic
        ? 'public'
        : scope
          ? `bearer token or API key (<code>${scope}</code>)`
          : 'bearer token';
      return (
        `<tr><td><code>${route.method}</code></td><td><code>${escapeHtml(route.path)}</code></td>` +
        `<td>${escapeHtml(route.summary ?? '')}</td><td>${who}</td>` +
        `<td><code>${escapeHtml(key)}</code></td></tr>`
      );
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>CX Journey API reference</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#1a202c}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e2e8f0;padding:.4rem;text-align:left;vertical-align:top}
code{font-size:13px}form{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:end}label{display:grid;gap:.2rem}
input,select,button{font:inherit;padding:.3rem .5rem}pre{background:#f7fafc;padding:.75rem;overflow:auto;max-height:24rem}
</style><script src="/api/docs/try-it.js" defer></script></head>
<body><main><h1>CX Journey API reference</h1>
<p>Version ${escapeHtml(API_VERSION)}. The machine-readable OpenAPI 3 document is at
<a href="/api/v1/openapi.json">/api/v1/openapi.json</a>. Errors always answer
<code>{ message, code?, fieldErrors? }</code>.</p>
${TRY_IT_FORM()}
<h2>Routes</h2>
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
  router.get('/api/docs/try-it.js', (_req, res) => {
    res.setHeader('cache-control', 'public, max-age=300');
    res.type('text/javascript').send(TRY_IT_SCRIPT);
  });
  router.get('/api/docs', (_req, res) => {
    res.setHeader('cache-control', 'public, max-age=300');
    res.type('html').send(referencePage());
  });
  return router;
}
