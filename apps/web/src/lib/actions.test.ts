// checkAction (#36): the contract's declared permission decides, store-scoped routes also need the member's store, and a
// refusal names who can act; an id that names no route fails loud.
import { checkAction, refusalReason, routeAccess, type TRouteId } from '@/lib/actions';

const SOHO = '64b7f0c2a1b2c3d4e5f6c001';
const CAMDEN = '64b7f0c2a1b2c3d4e5f6c002';

describe('checkAction', () => {
  it('reads the permission from the contract route', () => {
    expect(routeAccess('stores.create')).toEqual({ permission: 'stores:manage', scope: 'business' });
    expect(checkAction('owner', null, 'stores.create').allowed).toBe(true);
    expect(checkAction('admin', null, 'stores.create').allowed).toBe(true);
    expect(checkAction('manager', [SOHO], 'stores.create')).toEqual({
      allowed: false,
      reason: 'Only the owner or an admin can do this',
      attrs: { 'data-route': 'stores.create' },
    });
    expect(checkAction('viewer', [SOHO], 'staff.create').reason).toBe(
      'Only the owner, an admin or a store manager can do this',
    );
    expect(checkAction('admin', null, 'plans.createCheckoutSession').reason).toBe(
      'Only the owner can do this',
    );
  });

  it('lets a manager act on their own store only, for a store-scoped route', () => {
    expect(checkAction('manager', [SOHO], 'stores.update', SOHO)).toEqual({
      allowed: true,
      attrs: { 'data-route': 'stores.update', 'data-store': SOHO },
    });
    expect(checkAction('manager', [SOHO], 'stores.update', CAMDEN)).toMatchObject({
      allowed: false,
      reason: 'This store is not one of yours',
    });
    // An area manager holds every store under the area; owners and admins (stores: null) hold them all.
    expect(checkAction('manager', [SOHO, CAMDEN], 'stores.update', CAMDEN).allowed).toBe(true);
    expect(checkAction('admin', null, 'stores.update', CAMDEN).allowed).toBe(true);
    // A business-scoped route is not narrowed by the store.
    expect(checkAction('manager', [SOHO], 'staff.update', CAMDEN).allowed).toBe(true);
  });

  it('admits account and public routes to anyone signed in, and nothing to a member without a role', () => {
    expect(checkAction('viewer', [SOHO], 'users.updateProfile').allowed).toBe(true);
    expect(checkAction(null, null, 'analytics.exportCsv').allowed).toBe(false);
  });

  it('throws for an id that names no contract route', () => {
    expect(() => checkAction('owner', null, 'stores.nope' as TRouteId)).toThrow(
      'No contract route "stores.nope"',
    );
  });

  it('names every role that holds a permission', () => {
    expect(refusalReason('business:own')).toBe('Only the owner can do this');
  });
});
