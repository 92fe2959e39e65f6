// Every route of spec §2, each page its own lazy chunk; the customer paths belong to the lean QR entry. Every page but
// the landing page sits below a `chakra` route, which loads Chakra's provider and theme with the first of them.
// To add or fill a page: write it in src/features/<feature>/routes/ and list it here with its import. A page that calls
// the API goes below an `api` route, which loads react-query, the tsr client and the contract with it.
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { CustomerEntryRedirect } from './CustomerEntryRedirect';
import { RequireToken, requireTokenLoader } from './RequireToken';
import { RootRoute, RouteErrorBoundary, RouteFallback } from './RootRoute';

type TComponentName<M> = { [K in keyof M]: M[K] extends ComponentType ? K : never }[keyof M];

/** A route `lazy` that loads one module and renders one of its exported components. */
function lazyComponent<M>(load: () => Promise<M>, name: TComponentName<M>) {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

const page = <M,>(path: string, load: () => Promise<M>, name: TComponentName<M>): RouteObject => ({
  path,
  lazy: lazyComponent(load, name),
});

/** A pathless route whose pages may call the API (react-query and the tsr client load with the first of them). */
const api = (children: RouteObject[]): RouteObject => ({
  lazy: lazyComponent(() => import('./ApiProvider'), 'ApiRoute'),
  children,
});

/** A pathless route whose pages render Chakra components (its provider loads with the first of them). */
const chakra = (children: RouteObject[]): RouteObject => ({
  lazy: lazyComponent(() => import('./chakra-shell'), 'ChakraOutlet'),
  children,
});

const businessLayout = lazyComponent(() => import('./layouts/business/BusinessLayout'), 'BusinessLayout');

const { marketing, business, businessOpen, customer } = paths;

export const routes: RouteObject[] = [
  {
    Component: RootRoute,
    HydrateFallback: RouteFallback,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      {
        lazy: lazyComponent(() => import('./layouts/PublicLayout'), 'PublicLayout'),
        children: [
          // The landing page is plain markup and CSS: no Chakra to download or evaluate before its first paint.
          page(marketing.home.path, () => import('@/features/marketing/routes/HomePage'), 'HomePage'),
          chakra([
            page(
              marketing.blogPosts.path,
              () => import('@/features/marketing/routes/BlogPostsPage'),
              'BlogPostsPage',
            ),
            page(
              marketing.contactUs.path,
              () => import('@/features/marketing/routes/ContactUsPage'),
              'ContactUsPage',
            ),
            page(
              marketing.termsConditions.path,
              () => import('@/features/marketing/routes/TermsConditionsPage'),
              'TermsConditionsPage',
            ),
            page(
              paths.notFound.path,
              () => import('@/features/marketing/routes/NotFoundPage'),
              'NotFoundPage',
            ),
            api([
              // Teams (#21): an invitation link works signed in or not; /no-access needs no business.
              page(
                paths.team.acceptInvitation.path,
                () => import('@/features/team/routes/AcceptInvitationPage'),
                'AcceptInvitationPage',
              ),
              page(
                paths.team.noAccess.path,
                () => import('@/features/team/routes/NoAccessPage'),
                'NoAccessPage',
              ),
              page(
                paths.alerts.acknowledge.path,
                () => import('@/features/alerts/routes/AcknowledgeAlertPage'),
                'AcknowledgeAlertPage',
              ),
              page(
                paths.reports.unsubscribe.path,
                () => import('@/features/auth/routes/UnsubscribeReportPage'),
                'UnsubscribeReportPage',
              ),
            ]),
          ]),
        ],
      },
      // The QR pages are their own lean entry (customer.html): the server sends it for these paths.
      ...Object.values(customer).map(({ path }) => ({ path, Component: CustomerEntryRedirect })),
      chakra([
        api([
          // The breakroom TV (#25): no layout, no sign-in, and its own calm fallback instead of the error page.
          {
            path: paths.board.path,
            lazy: async () => {
              const m = await import('@/features/boards/routes/BreakroomBoardPage');
              return { Component: m.BreakroomBoardPage, ErrorBoundary: m.BoardErrorFallback };
            },
          },
          {
            path: paths.tvPairing.path,
            lazy: async () => {
              const m = await import('@/features/boards/routes/TvPairingPage');
              return { Component: m.TvPairingPage };
            },
          },
          // A customer's conversation about their complaint (#37): the mailed link, no sign-in, no layout.
          page(
            paths.caseReply.path,
            () => import('@/features/case-reply/routes/CaseReplyPage'),
            'CaseReplyPage',
          ),
          // A shared scorecard (#25): outside the token guard and without the marketing navigation.
          page(
            paths.publicScorecard.path,
            () => import('@/features/scorecards/routes/PublicScorecardPage'),
            'PublicScorecardPage',
          ),
          {
            loader: requireTokenLoader,
            Component: RequireToken,
            children: [
              {
                lazy: businessLayout,
                children: [
                  page(
                    business.dashboard.path,
                    () => import('@/features/dashboard/routes/SnapshotPage'),
                    'SnapshotPage',
                  ),
                  page(
                    business.overview.path,
                    () => import('@/features/dashboard/routes/OverviewPage'),
                    'OverviewPage',
                  ),
                  page(
                    business.staffOnShift.path,
                    () => import('@/features/staff/routes/StaffOnShiftPage'),
                    'StaffOnShiftPage',
                  ),
                  page(
                    business.staffPerformance.path,
                    () => import('@/features/staff/routes/StaffLeagueTablePage'),
                    'StaffLeagueTablePage',
                  ),
                  page(
                    business.storePerformance.path,
                    () => import('@/features/stores/routes/StoreLeagueTablePage'),
                    'StoreLeagueTablePage',
                  ),
                  page(
                    business.customersFeedback.path,
                    () => import('@/features/feedback/routes/FeedbackTimelinePage'),
                    'FeedbackTimelinePage',
                  ),
                  page(business.rota.path, () => import('@/features/rota/routes/RotaPage'), 'RotaPage'),
                  page(
                    business.interfaceSettings.path,
                    () => import('@/features/interfaces/routes/InterfaceSettingsPage'),
                    'InterfaceSettingsPage',
                  ),
                  page(
                    business.manageStaff.path,
                    () => import('@/features/staff/routes/ManageStaffPage'),
                    'ManageStaffPage',
                  ),
                  page(
                    business.manageStores.path,
                    () => import('@/features/stores/routes/ManageStoresPage'),
                    'ManageStoresPage',
                  ),
                  page(
                    business.structure.path,
                    () => import('@/features/stores/routes/StructurePage'),
                    'StructurePage',
                  ),
                  page(business.brand.path, () => import('@/features/brand/routes/BrandPage'), 'BrandPage'),
                  page(
                    business.targets.path,
                    () => import('@/features/targets/routes/TargetsPage'),
                    'TargetsPage',
                  ),
                  page(
                    business.settingsAndNotifications.path,
                    () => import('@/features/notifications/routes/PerformanceNotificationsPage'),
                    'PerformanceNotificationsPage',
                  ),
                  page(
                    business.mySubscription.path,
                    () => import('@/features/subscription/routes/MySubscriptionPage'),
                    'MySubscriptionPage',
                  ),
                  page(
                    business.paymentSuccess.path,
                    () => import('@/features/subscription/routes/PaymentSuccessPage'),
                    'PaymentSuccessPage',
                  ),
                  page(
                    business.paymentFailed.path,
                    () => import('@/features/subscription/routes/PaymentFailedPage'),
                    'PaymentFailedPage',
                  ),
                  page(business.team.path, () => import('@/features/team/routes/TeamPage'), 'TeamPage'),
                  page(
                    business.audit.path,
                    () => import('@/features/team/routes/AuditLogPage'),
                    'AuditLogPage',
                  ),
                  page(
                    business.integrations.path,
                    () => import('@/features/integrations/routes/IntegrationsPage'),
                    'IntegrationsPage',
                  ),
                  page(
                    business.scorecard.path,
                    () => import('@/features/scorecards/routes/ScorecardPage'),
                    'ScorecardPage',
                  ),
                  page(
                    business.cases.path,
                    () => import('@/features/cases/routes/CasesInboxPage'),
                    'CasesInboxPage',
                  ),
                  page(
                    business.caseSettings.path,
                    () => import('@/features/cases/routes/CaseSettingsPage'),
                    'CaseSettingsPage',
                  ),
                  page(business.case.path, () => import('@/features/cases/routes/CasePage'), 'CasePage'),
                  page(
                    business.commentThemes.path,
                    () => import('@/features/themes/routes/CommentThemesPage'),
                    'CommentThemesPage',
                  ),
                  page(
                    business.feedbackChips.path,
                    () => import('@/features/feedback-chips/routes/FeedbackChipsPage'),
                    'FeedbackChipsPage',
                  ),
                  page(
                    business.privacy.path,
                    () => import('@/features/privacy/routes/PrivacyPage'),
                    'PrivacyPage',
                  ),
                ],
              },
            ],
          },
          {
            // Same layout, no token guard (spec §2).
            lazy: businessLayout,
            children: [
              page(businessOpen.user.path, () => import('@/features/unlisted/routes/UserPage'), 'UserPage'),
              page(
                businessOpen.products.path,
                () => import('@/features/unlisted/routes/ProductsPage'),
                'ProductsPage',
              ),
              page(businessOpen.blog.path, () => import('@/features/unlisted/routes/BlogPage'), 'BlogPage'),
            ],
          },
        ]),
      ]),
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
