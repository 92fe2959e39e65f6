// Redocly CLI lints the document GET /api/v1/openapi.json serves: valid OpenAPI 3.0 for generators and gateways.
import { join } from 'node:path';
import request from 'supertest';
import { createApp } from '../../src/app';
import { env } from '../../src/config/env';
import { runBin, useTempDir, writeDocument } from './openapi-tools';

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer?: string }[];
}

// A deployment's address (localhost, the development default, draws Redocly's "no example server" warning).
jest.replaceProperty(env, 'PUBLIC_API_URL', 'https://api.cx-journey.test/');
const app = createApp();
const tempDir = useTempDir();
let file = '';
let recommended: Problem[] = [];
let ours: Problem[] = [];

beforeAll(async () => {
  const res = await request(app).get('/api/v1/openapi.json').expect(200);
  file = await writeDocument(tempDir(), res.body);
  [recommended, ours] = await Promise.all([lint(), lint(join(__dirname, '../../redocly.yaml'))]);
}, 120_000); // two CLI runs on a 1.8 MB document: seconds each, more on a loaded machine

/** `redocly lint` as JSON; without `config` it runs where no redocly.yaml is, so with its recommended rules. */
async function lint(config?: string): Promise<Problem[]> {
  const args = ['lint', file, '--format=json', ...(config ? ['--config', config] : [])];
  const ran = await runBin('@redocly/cli', 'redocly', args, tempDir());
  const out = ran.stdout.slice(ran.stdout.indexOf('{'));
  if (!out) throw new Error(`redocly lint gave no report (exit ${ran.code}): ${ran.stderr.slice(0, 2000)}`);
  return (JSON.parse(out) as { problems: Problem[] }).problems;
}
const readable = (p: Problem) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`;

describe('redocly lint of the served document', () => {
  it('finds no error under Redocly’s recommended rules', async () => {
    expect(recommended.filter((p) => p.severity === 'error').map(readable)).toEqual([]);
    // It did lint: the two warnings redocly.yaml turns off are there.
    expect(new Set(recommended.map((p) => p.ruleId))).toEqual(
      new Set(['no-ambiguous-paths', 'operation-2xx-response']),
    );
  });

  it('finds nothing at all under the API’s redocly.yaml (recommended, two warnings off for stated reasons)', async () => {
    expect(ours.map(readable)).toEqual([]);
  });
});

describe('the document’s 3.0 details', () => {
  it('names the deployment (PUBLIC_API_URL) as its server, and links the terms of use', async () => {
    const res = await request(app).get('/api/v1/openapi.json').expect(200);
    expect(res.body.servers).toEqual([
      { url: 'https://api.cx-journey.test', description: 'This deployment of the API' },
    ]);
    expect(res.body.info.license.url).toBe(`${env.PUBLIC_WEB_URL}/terms-conditions`);
  });

  it('writes exclusive bounds as 3.0 booleans, and describes uploads as files', async () => {
    const res = await request(app).get('/api/v1/openapi.json').expect(200);
    const plan = res.body.paths['/api/v1/plans'].get.responses['200'].content['application/json'].schema;
    expect(plan.properties.plans.items.properties.intervalMonths).toEqual({
      type: 'integer',
      minimum: 0,
      exclusiveMinimum: true,
    });
    const upload = (path: string) =>
      res.body.paths[path].put.requestBody.content['multipart/form-data'].schema.properties;
    expect(upload('/api/v1/store/{id}/image').image).toEqual({ type: 'string', format: 'binary' });
    expect(upload('/api/v1/staff/{id}/photo').image).toEqual({ type: 'string', format: 'binary' });
    expect(upload('/api/v1/user/update-profile').profilePicture).toEqual({
      type: 'string',
      format: 'binary',
    });
  });
});
