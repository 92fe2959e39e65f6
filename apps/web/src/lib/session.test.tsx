// The session store: token and user in localStorage, and useSession() following every change.
import { act, renderHook } from '@testing-library/react';
import { session, useSession } from '@/lib/session';

describe('session', () => {
  it('stores the token and user under the spec keys', () => {
    session.start({ token: 't1', user: { fullname: 'Grace Hopper', email: 'grace@example.com' } });
    expect(window.localStorage.getItem('token')).toBe('t1');
    expect(JSON.parse(window.localStorage.getItem('user')!)).toMatchObject({ fullname: 'Grace Hopper' });
    expect(session.authorizationHeader()).toBe('Bearer t1');
  });

  it('sends no bearer when signed out and survives a corrupt stored user', () => {
    window.localStorage.setItem('user', '{not json');
    expect(session.authorizationHeader()).toBe('');
    expect(session.getUser()).toBeNull();
  });

  it('re-renders useSession() on login, user update and logout', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current.isSignedIn).toBe(false);

    act(() => session.start({ token: 't2', user: { fullname: 'Alan Turing' } }));
    expect(result.current).toMatchObject({
      token: 't2',
      isSignedIn: true,
      user: { fullname: 'Alan Turing' },
    });

    act(() => session.setUser({ fullname: 'Alan M. Turing' }));
    expect(result.current.user?.fullname).toBe('Alan M. Turing');

    act(() => session.clear());
    expect(result.current).toMatchObject({ token: null, user: null, isSignedIn: false });
  });

  it('clear() wipes all local storage, as logout requires', () => {
    window.localStorage.setItem('token', 't');
    window.localStorage.setItem('selectedStore', 's');
    session.clear();
    expect(window.localStorage.length).toBe(0);
  });

  it('clear() leaves nothing behind, not even the known-device tokens older versions kept here', () => {
    window.localStorage.setItem('token', 't');
    window.localStorage.setItem('knownDevices', '{"ada@example.com":"dev-1"}');
    session.clear();
    expect(window.localStorage.length).toBe(0);
  });

  it('follows a logout made in another tab', () => {
    window.localStorage.setItem('token', 't3');
    const { result } = renderHook(() => useSession());
    expect(result.current.isSignedIn).toBe(true);
    act(() => {
      window.localStorage.removeItem('token');
      window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    });
    expect(result.current.isSignedIn).toBe(false);
  });
});
