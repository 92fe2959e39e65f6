// The marketing area chunk: public layout, landing, blog posts, contact, terms and the 404 page.
export { PublicLayout } from '@/app/layouts/PublicLayout';
export { BlogPostsPage } from '@/features/marketing/routes/BlogPostsPage';
export { ContactUsPage } from '@/features/marketing/routes/ContactUsPage';
export { HomePage } from '@/features/marketing/routes/HomePage';
export { NotFoundPage } from '@/features/marketing/routes/NotFoundPage';
export { TermsConditionsPage } from '@/features/marketing/routes/TermsConditionsPage';
export { AcceptInvitationPage } from '@/features/team/routes/AcceptInvitationPage';
export { NoAccessPage } from '@/features/team/routes/NoAccessPage';
export { PublicScorecardPage } from '@/features/scorecards/routes/PublicScorecardPage';
export { AcknowledgeAlertPage } from '@/features/alerts/routes/AcknowledgeAlertPage';
export { UnsubscribeReportPage } from '@/features/auth/routes/UnsubscribeReportPage';
