// The role walk (#36): every dashboard screen, rendered through the real router as each role (and a manager holding an
// area), must show only actions the contract lets that member call. Each action names its contract route on the
// element (`data-route`, from `useAction` in src/lib/actions.ts); a button that calls no route is listed in NO_ROUTE or
// carries noRouteAttrs.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESS_MESSAGES } from '@cx/contracts';
import { businessNavItems, paths } from '@/config/paths';
import { authDialog } from '@/lib/auth-dialog';
import { checkAction, NO_ROUTE as NO_ROUTE_MARK, type TRouteId } from '@/lib/actions';
import { mockFetch } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { WALK_CASE_ID, WALKERS, walkerUser, walkRoutes } from './walk-fixtures';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());

/** Controls that call no API route (navigation, view switches, paging, sorting, retries, opening menus). */
const NO_ROUTE: RegExp[] = [
  /^Open navigation menu$/,
  /^Account menu for /,
  /^Log Out$/,
  /^Get Reviews$/, // opens the plans view; its own action is checked there (billing is the owner's)
  /^Show as (table|chart)$/,
  /^Refresh$/,
  /^Try again$/,
  /^(Previous|Next|This) week$/,
  /^(To review|Restored)$/,
];

const SCREENS = [
  ...businessNavItems,
  paths.business.team,
  paths.business.audit,
  paths.business.integrations,
  paths.business.commentThemes,
  paths.business.structure,
  paths.business.targets,
  paths.business.caseSettings,
  { path: paths.business.case.getHref(WALK_CASE_ID), title: 'Case #1' },
];

const nameOf = (el: Element) =>
  (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();

/**
 * Every enabled control a person could press. Sortable column headers (inside <th>) only reorder rows; checkboxes are
 * form fields whose form's button calls the route, so only a checkbox or switch that saves at once (and so carries
 * data-route) is an action. A disabled fieldset disables what it holds (:disabled, not the .disabled property).
 */
function enabledActions(): Element[] {
  return [
    ...document.querySelectorAll('button, [role=menuitem], a[data-route], input[type=checkbox][data-route]'),
  ].filter(
    (el) =>
      !el.matches(':disabled') &&
      el.getAttribute('aria-disabled') !== 'true' &&
      !el.closest('th, [aria-hidden=true], [hidden]'),
  );
}

describe.each(WALKERS)('as $name', (walker) => {
  it.each(SCREENS)('$path shows no action the role cannot use', async ({ path, title }) => {
    const api = mockFetch(walkRoutes(walker));
    const user = walkerUser(walker);
    renderApp(path, { token: 'jwt-walk', user });
    await screen.findByRole('heading', { level: 1, name: title });
    await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
    // Every read the screen made was answered (a missing fixture would hide the actions behind an error state).
    const answers = await Promise.all(api.fetchMock.mock.results.map((r) => r.value as Promise<Response>));
    const unanswered = answers.flatMap((r, i) =>
      r.status === 404 ? [String(api.fetchMock.mock.calls[i]![0])] : [],
    );
    expect(unanswered).toEqual([]);

    const problems = enabledActions().flatMap((el) => {
      const name = nameOf(el);
      const route = el.getAttribute('data-route');
      if (route === NO_ROUTE_MARK) return [];
      if (!route)
        return NO_ROUTE.some((re) => re.test(name))
          ? []
          : [
              `"${name}" names no contract route: spread useAction(<route id>).attrs on it, or add it to NO_ROUTE`,
            ];
      const check = checkAction(
        user.role,
        user.stores,
        route as TRouteId,
        el.getAttribute('data-store') ?? undefined,
      );
      return check.allowed ? [] : [`"${name}" calls ${route}, which answers 403: ${check.reason}`];
    });
    expect(problems).toEqual([]);
  });
});

describe('Get Reviews (the plans view)', () => {
  // The dialog's open state is module-wide (any header can open it): close it for the next test.
  afterEach(() => act(() => authDialog.close()));

  it('tells a store manager that billing is the owner’s instead of offering My Subscription', async () => {
    const manager = WALKERS.find((w) => w.name === 'manager')!;
    mockFetch(walkRoutes(manager));
    renderApp(paths.business.dashboard.path, { token: 'jwt-walk', user: walkerUser(manager) });
    await userEvent.click(await screen.findByRole('button', { name: 'Get Reviews' }));
    expect(await screen.findByText(ACCESS_MESSAGES.billingOwnerOnly)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Go to My Subscription' })).toBeNull();
  });

  it('offers the owner My Subscription', async () => {
    mockFetch(walkRoutes(WALKERS[0]!));
    renderApp(paths.business.dashboard.path, { token: 'jwt-walk', user: walkerUser(WALKERS[0]!) });
    await userEvent.click(await screen.findByRole('button', { name: 'Get Reviews' }));
    expect(await screen.findByRole('button', { name: 'Go to My Subscription' })).toBeVisible();
    expect(screen.queryByText(ACCESS_MESSAGES.billingOwnerOnly)).toBeNull();
  });
});
