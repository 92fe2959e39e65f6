// Renders the real route tree in a memory router with the app's providers, optionally signed in.
import { render } from '@testing-library/react';
import type { TUser } from '@cx/contracts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createApiRoot } from '@/app/api-root';
import { routes } from '@/app/router';
import { ShellProviders } from '@/app/shell-providers';
import { createQueryClient } from '@/lib/query-client';
import { session, type TSessionUser } from '@/lib/session';

export const testUser: TSessionUser = {
  id: '64b7f0c2a1b2c3d4e5f60718',
  fullname: 'Ada Lovelace',
  email: 'ada@example.com',
  userType: 'owner',
  role: 'owner',
  business: { _id: '64b7f0c2a1b2c3d4e5f6b001', name: 'Ada Coffee' },
  businesses: [{ _id: '64b7f0c2a1b2c3d4e5f6b001', name: 'Ada Coffee', role: 'owner' }],
  stores: null,
};

/** The same owner as the API sends it (GET /user/me, login). */
export const apiUser: TUser = {
  _id: '64b7f0c2a1b2c3d4e5f60718',
  id: '64b7f0c2a1b2c3d4e5f60718',
  fullname: 'Ada Lovelace',
  email: 'ada@example.com',
  profilePicture: null,
  userType: 'business-owner',
  subscriptionStatus: 'active',
  trialEndsAt: null,
  timeZone: 'Europe/London',
  emailVerified: true,
  selectedStore: null,
  role: 'owner',
  business: { _id: '64b7f0c2a1b2c3d4e5f6b001', name: 'Ada Coffee' },
  businesses: [{ _id: '64b7f0c2a1b2c3d4e5f6b001', name: 'Ada Coffee', role: 'owner' }],
  stores: null,
};

export type TRenderAppOptions = { token?: string; user?: TSessionUser };

export function renderApp(initialPath: string, { token, user = testUser }: TRenderAppOptions = {}) {
  if (token) session.start({ token, user });
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const navigation = {
    navigate: (to: string) => void router.navigate(to, { replace: true }),
    currentPath: () => router.state.location.pathname,
  };
  // Made up front (not on the API layer's first load, as in the app) so a test can read and seed its cache.
  const queryClient = createQueryClient(navigation);
  const utils = render(
    <ShellProviders apiRoot={createApiRoot(navigation, queryClient)}>
      <RouterProvider router={router} />
    </ShellProviders>,
  );
  return { ...utils, router, queryClient };
}

/** ts-rest's shape for a non-2xx response, as thrown by tsr queries and mutations. */
export function httpError(status: number, body: unknown) {
  return { status, body, headers: new Headers({ 'content-type': 'application/json' }) };
}

export function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
