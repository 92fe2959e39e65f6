// Every route of spec §2, lazy-loaded per area (marketing, business); the customer paths belong to the lean QR entry.
// To add or fill a page: write it in src/features/<feature>/routes/, export it from the area file in ./routes/, list it here.
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { CustomerEntryRedirect } from './CustomerEntryRedirect';
import { RequireToken, requireTokenLoader } from './RequireToken';
import { RootRoute, RouteErrorBoundary, RouteFallback } from './RootRoute';

const marketingArea = () => import('./routes/marketing');
const businessArea = () => import('./routes/business');
const boardArea = () => import('./routes/board');

type TComponentName<M> = { [K in keyof M]: M[K] extends ComponentType ? K : never }[keyof M];

/** A route `lazy` that loads an area chunk and renders one of its exported components. */
function fromArea<M>(load: () => Promise<M>, name: TComponentName<M>) {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

const page = <M,>(path: string, load: () => Promise<M>, name: TComponentName<M>): RouteObject => ({
  path,
  lazy: fromArea(load, name),
});

const { marketing, business, businessOpen, customer } = paths;

export const routes: RouteObject[] = [
  {
    Component: RootRoute,
    HydrateFallback: RouteFallback,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      {
        lazy: fromArea(marketingArea, 'PublicLayout'),
        children: [
          page(marketing.home.path, marketingArea, 'HomePage'),
          page(marketing.blogPosts.path, marketingArea, 'BlogPostsPage'),
          page(marketing.contactUs.path, marketingArea, 'ContactUsPage'),
          page(marketing.termsConditions.path, marketingArea, 'TermsConditionsPage'),
          page(paths.notFound.path, marketingArea, 'NotFoundPage'),
          // Teams (#21): an invitation link works signed in or not; /no-access needs no business.
          page(paths.team.acceptInvitation.path, marketingArea, 'AcceptInvitationPage'),
          page(paths.team.noAccess.path, marketingArea, 'NoAccessPage'),
          page(paths.alerts.acknowledge.path, marketingArea, 'AcknowledgeAlertPage'),
          page(paths.reports.unsubscribe.path, marketingArea, 'UnsubscribeReportPage'),
        ],
      },
      // The breakroom TV (#25): no layout, no sign-in, and its own calm fallback instead of the error page.
      {
        path: paths.board.path,
        lazy: async () => {
          const m = await boardArea();
          return { Component: m.BreakroomBoardPage, ErrorBoundary: m.BoardErrorFallback };
        },
      },
      // A shared scorecard (#25): outside the token guard and without the marketing navigation.
      page(paths.publicScorecard.path, marketingArea, 'PublicScorecardPage'),
      // The QR pages are their own lean entry (customer.html): the server sends it for these paths.
      ...Object.values(customer).map(({ path }) => ({ path, Component: CustomerEntryRedirect })),
      {
        loader: requireTokenLoader,
        Component: RequireToken,
        children: [
          {
            lazy: fromArea(businessArea, 'BusinessLayout'),
            children: [
              page(business.dashboard.path, businessArea, 'SnapshotPage'),
              page(business.overview.path, businessArea, 'OverviewPage'),
              page(business.staffOnShift.path, businessArea, 'StaffOnShiftPage'),
              page(business.staffPerformance.path, businessArea, 'StaffLeagueTablePage'),
              page(business.storePerformance.path, businessArea, 'StoreLeagueTablePage'),
              page(business.customersFeedback.path, businessArea, 'FeedbackTimelinePage'),
              page(business.rota.path, businessArea, 'RotaPage'),
              page(business.interfaceSettings.path, businessArea, 'InterfaceSettingsPage'),
              page(business.manageStaff.path, businessArea, 'ManageStaffPage'),
              page(business.manageStores.path, businessArea, 'ManageStoresPage'),
              page(business.settingsAndNotifications.path, businessArea, 'PerformanceNotificationsPage'),
              page(business.mySubscription.path, businessArea, 'MySubscriptionPage'),
              page(business.paymentSuccess.path, businessArea, 'PaymentSuccessPage'),
              page(business.paymentFailed.path, businessArea, 'PaymentFailedPage'),
              page(business.team.path, businessArea, 'TeamPage'),
              page(business.audit.path, businessArea, 'AuditLogPage'),
              page(business.integrations.path, businessArea, 'IntegrationsPage'),
              page(business.scorecard.path, businessArea, 'ScorecardPage'),
              page(business.commentThemes.path, businessArea, 'CommentThemesPage'),
            ],
          },
        ],
      },
      {
        // Same layout, no token guard (spec §2).
        lazy: fromArea(businessArea, 'BusinessLayout'),
        children: [
          page(businessOpen.user.path, businessArea, 'UserPage'),
          page(businessOpen.products.path, businessArea, 'ProductsPage'),
          page(businessOpen.blog.path, businessArea, 'BlogPage'),
        ],
      },
      { path: '*', element: <Navigate to={paths.notFound.path} replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type TAppRouter = ReturnType<typeof createAppRouter>;

export function AppRouter({ router }: { router: TAppRouter }) {
  return <RouterProvider router={router} />;
}
