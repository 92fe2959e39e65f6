// The anonymous customer chunk (QR pages). Import nothing from the business area here: this chunk must stay small.
export { CustomerLayout } from '@/app/layouts/CustomerLayout';
export { AfterScanExperiencePage } from '@/features/customer/routes/AfterScanExperiencePage';
export { AfterScanPage } from '@/features/customer/routes/AfterScanPage';
export { AfterScanThanksPage } from '@/features/customer/routes/AfterScanThanksPage';
export { RateExperiencePage } from '@/features/customer/routes/RateExperiencePage';
export { RateStaffPage } from '@/features/customer/routes/RateStaffPage';
export { SocialMediaPage } from '@/features/customer/routes/SocialMediaPage';
export { ThanksPage } from '@/features/customer/routes/ThanksPage';
export { VisitSocialMediaPage } from '@/features/customer/routes/VisitSocialMediaPage';
