import type { BranchProfile } from '@app/contracts';
import { TEST_PROFILE } from './app-render.tsx';

/** The settings profile of the test tenant's Harbour Street branch, as the server answers it. */
export const testBranchProfile = (over: Partial<BranchProfile> = {}): BranchProfile => ({
  branchId: TEST_PROFILE.branchProfiles[0]!.branchId,
  branchName: { fieldValue: 'Harbour Street', en: 'Harbour Street', ar: 'شارع الميناء' },
  phoneNumber: '+962791234567',
  timeZone: 'Asia/Amman',
  checkoutTemplates: ['DELIVERY'],
  branchOperatingStatus: { closed: false, acceptingOrders: true, busy: false },
  customDomain: null,
  websiteHost: null,
  logoUrl: null,
  bannerImageUrl: null,
  defaultCurrency: 'JOD',
  acceptedLanguages: ['en', 'ar', 'es'],
  defaultStorefrontLanguage: 'en',
  theme: { primaryHex: '#1976d2' },
  deliveryType: 'ZONE_BASED_FIXED_FEES',
  orderingLinks: {},
  ...over,
});
