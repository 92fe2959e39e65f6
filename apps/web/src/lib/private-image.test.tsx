// Avatars are private on the API: the web reads them with the session's token into an object URL, never a bare src.
import { renderHook, screen, waitFor } from '@testing-library/react';
import { paths } from '@/config/paths';
import { session } from '@/lib/session';
import { usePrivateImage } from '@/lib/private-image';
import { jsonResponse, renderApp, testUser } from '@/testing/render-app';

const AVATAR = '/api/v1/files/64b7f0c2a1b2c3d4e5f60799';

/** Files answer only to the right token (as the API does); the current user is signed in; the rest is 404. */
function stubApi(token: string) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.includes('/files/')) {
      const auth = new Headers(init?.headers).get('authorization');
      return Promise.resolve(
        auth === `Bearer ${token}`
          ? new Response(new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' }), { status: 200 })
          : jsonResponse(401, { message: 'Please log in to continue' }),
      );
    }
    if (url.includes('/user/me') || url.includes('/user/get-profile'))
      return Promise.resolve(
        jsonResponse(200, { user: { ...testUser, profilePicture: AVATAR, subscriptionStatus: 'active' } }),
      );
    return Promise.resolve(jsonResponse(404, { message: 'Not found' }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:avatar');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

describe('usePrivateImage', () => {
  it('fetches the avatar variant with the bearer token and answers an object URL', async () => {
    session.start({ token: 'tok-1', user: testUser });
    const fetchMock = stubApi('tok-1');
    const { result } = renderHook(() => usePrivateImage(AVATAR, 40));
    await waitFor(() => expect(result.current).toBe('blob:avatar'));
    expect(String(fetchMock.mock.calls[0]![0])).toBe(`${AVATAR}?w=160`);
  });

  it('answers nothing (the fallback shows) when the API refuses the file', async () => {
    session.start({ token: 'someone-else', user: testUser });
    const fetchMock = stubApi('tok-1');
    const { result } = renderHook(() => usePrivateImage(AVATAR, 40));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(result.current).toBeUndefined();
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it('the profile chip shows the avatar read with the token', async () => {
    stubApi('tok-2');
    const { container } = renderApp(paths.business.rota.path, {
      token: 'tok-2',
      user: { ...testUser, profilePicture: AVATAR },
    });
    await screen.findByRole('heading', { level: 1, name: 'Rota' });
    await waitFor(() => expect(container.querySelector('img[src="blob:avatar"]')).not.toBeNull());
    expect(container.querySelector(`img[src^="${AVATAR}"]`)).toBeNull();
  });
});
