// The production routing: behind docker/nginx.conf the eight QR paths get the lean entry (hash-based CSP, revalidated
// HTML, immutable assets, the store's face filled in by SSI), the whole customer journey passes through it, and axe finds
// nothing serious on any step.
import assert from 'node:assert/strict';
import { expectAccessible } from '../a11y';
import type { Journey } from '../harness';
import { startNginx } from '../nginx';
import { arrangeStore, journey as customerJourney } from './customer-rating.journey';

const PHONE = { width: 390, height: 844 };
/** The text of the page's store-face data block, as nginx sent it. */
const faceBlock = (html: string) =>
  /<script type="application\/json" id="cx-store-face">([\s\S]*?)<\/script>/.exec(html)?.[1];
const STEPS = [
  '/rate-staff',
  '/after-scan',
  '/rate-experience',
  '/after-scan-experience',
  '/visit-social-media',
  '/social-media',
  '/thanks',
  '/after-scan-thanks',
];

export const journey: Journey = {
  name: 'customer journey behind the production nginx config',
  needs: ['nginx'],
  async run(ctx) {
    const nginx = await startNginx(ctx.apiUrl);
    try {
      // A store of its own (not the demo business, whose figures another journey checks).
      const { storeId, olivia } = await arrangeStore(ctx);

      const doc = await fetch(`${nginx.url}/rate-staff?store=${storeId}`);
      const html = await doc.text();
      assert.match(html, /customer-[\w-]+\.js/, 'nginx sends the lean entry for a customer path');
      const csp = doc.headers.get('content-security-policy') ?? '';
      // its three inline scripts (store request, app loader, first paint), each by hash
      assert.match(csp, /script-src 'self'( 'sha256-[\w+/=]+'){3};/);
      assert.match(csp, /style-src 'self' 'sha256-[\w+/=]+';/);
      assert.doesNotMatch(csp, /unsafe-inline/);
      assert.equal(doc.headers.get('cache-control'), 'no-cache');
      // The store's public face is in the HTML (SSI from the API): the first screen needs no store request.
      const face = JSON.parse(faceBlock(html) ?? 'null') as { _id: string; name: string; staff: unknown[] };
      assert.equal(face._id, storeId);
      assert.equal(face.name, 'Harbour Coffee');
      assert.ok(face.staff.length > 0, 'the staff to offer come with the page');
      // A malformed id never reaches the API and leaves no SSI command or error text in the page; an unknown store
      // leaves no store face (the page then asks the API and says it is not found).
      for (const store of ['', '../../health', 'x'.repeat(24)]) {
        const other = await (await fetch(`${nginx.url}/rate-staff?store=${store}`)).text();
        assert.equal(faceBlock(other), '', `no face for ?store=${store}`);
      }
      const unknown = await (await fetch(`${nginx.url}/rate-staff?store=${'0'.repeat(24)}`)).text();
      assert.doesNotMatch(faceBlock(unknown) ?? '', /"staff"/);
      assert.doesNotMatch(unknown, /<!--#|an error occurred/);
      const home = await fetch(`${nginx.url}/`);
      assert.doesNotMatch(await home.text(), /customer-[\w-]+\.js/, 'the dashboard keeps its own entry');
      // named in the inline loader's call, as a string literal
      const asset = /["'`](\/assets\/customer-[\w-]+\.js)["'`]/.exec(html)?.[1];
      assert.ok(asset);
      const js = await fetch(`${nginx.url}${asset}`, { headers: { 'accept-encoding': 'gzip' } });
      assert.match(js.headers.get('cache-control') ?? '', /immutable/);

      const page = await ctx.atWebUrl(nginx.url).newPage(PHONE);
      const violations: string[] = [];
      page.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
      });
      const storeRequests: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/v1/feedback/stores/')) storeRequests.push(r.url());
      });
      await page.goto(`/rate-staff?store=${storeId}`);
      await page.getByRole('link', { name: 'Rate Olivia, Barista' }).waitFor();
      await page.waitForLoadState('networkidle');
      assert.deepEqual(storeRequests, [], 'the first screen is drawn from the face in the HTML');
      for (const step of STEPS) {
        await page.goto(`${step}?store=${storeId}&staff=${String(olivia._id)}&score=4`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        await expectAccessible(page, `${step} behind nginx`);
      }
      assert.deepEqual(violations, [], 'the lean entry needs nothing its policy forbids');

      // The customer journey, unchanged, with every page served by nginx (it arranges a store of its own).
      await customerJourney.run(ctx.atWebUrl(nginx.url));
    } finally {
      await nginx.stop();
    }
  },
};
