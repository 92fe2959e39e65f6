// The store face the server inlines in customer.html: the first screen and React's first render come from it with no
// store request; a block the server did not fill (or filled for another store) leaves the page asking the API as before.
import { render, screen, within } from '@testing-library/react';
import { CustomerApp } from '../CustomerApp';
import { fakeFeedbackApi, makeStore, STORE_ID } from '../testing/feedback-api';
import { resetBetweenTests, startAt } from '../testing/first-paint';
import { takeOverFirstPaint } from './early-tap';
import { blockJson, STORE_FACE_ID } from './store-face';

resetBetweenTests();
afterEach(() => document.getElementById(STORE_FACE_ID)?.remove());

/** customer.html's data block as the server sent it. */
function inlineBlock(text: string): void {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = STORE_FACE_ID;
  block.textContent = text;
  document.head.append(block);
}

const storeRequests = (api: ReturnType<typeof fakeFeedbackApi>) =>
  api.fetchMock.mock.calls.filter(([url]) => String(url).includes('/feedback/stores/')).length;

describe('the store face inlined in the HTML', () => {
  it('draws the first screen and React’s first render from it, without asking the API for the store', async () => {
    const api = fakeFeedbackApi(makeStore({ name: 'From the API' }));
    inlineBlock(blockJson(makeStore({ name: 'Covent Garden' })));
    const root = await startAt(`/rate-staff?store=${STORE_ID}`);
    expect(within(root).getByTestId('header-store-name')).toHaveTextContent('Covent Garden');
    expect(within(root).getByRole('link', { name: 'Rate Amelia, Barista' })).toBeVisible();

    takeOverFirstPaint();
    render(<CustomerApp />, { container: root });
    expect(screen.getByTestId('header-store-name')).toHaveTextContent('Covent Garden');
    expect(storeRequests(api)).toBe(0);
  });

  it('keeps a name holding </script> inside the block, shown as text', async () => {
    const hostile = '</script><script>window.__xss=1</script> & Co';
    fakeFeedbackApi();
    // The block as the HTML parser reads it from the server's bytes, not as a script property set in a test.
    const parsed = new DOMParser().parseFromString(
      `<head><script type="application/json" id="${STORE_FACE_ID}">${blockJson(makeStore({ name: hostile }))}</script></head>`,
      'text/html',
    );
    expect(parsed.head.querySelectorAll('script')).toHaveLength(1);
    inlineBlock(parsed.getElementById(STORE_FACE_ID)!.textContent!);
    const root = await startAt(`/rate-staff?store=${STORE_ID}`);
    expect(within(root).getByTestId('header-store-name')).toHaveTextContent(hostile);
  });

  it.each([
    ['not filled in (a server without SSI)', '<!--# include virtual="/_cx/store-face/x" -->'],
    ['empty (the API did not answer)', ''],
    ['an error body (an unknown store)', '{"message":"Store not found"}'],
    ['another store’s face', blockJson(makeStore({ _id: '64b7f0c2a1b2c3d4e5f60000' }))],
    ['cut short', blockJson(makeStore()).slice(0, 40)],
  ])('asks the API when the block is %s', async (_, text) => {
    const api = fakeFeedbackApi(makeStore({ name: 'From the API' }));
    inlineBlock(text);
    const root = await startAt(`/rate-staff?store=${STORE_ID}`);
    expect(within(root).getByTestId('header-store-name')).toHaveTextContent('From the API');
    expect(storeRequests(api)).toBe(1);
  });
});
