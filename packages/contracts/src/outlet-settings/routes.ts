import { z } from 'zod';
import { BranchParams, TenantParams, Uuid } from '../common.ts';
import { BRANCH_SETTINGS_PATH, routesOf, TENANT_PATH } from '../http.ts';
import {
  BranchPaymentMethods,
  outletStatusRoutes,
  PaymentMethodsBody,
  PaymentMethodsQuery,
  PaymentTemplate,
} from '../branch-basics.ts';
import {
  BranchCard,
  BranchCheckoutTemplates,
  BranchProfile,
  BranchProfileBody,
  CheckoutTemplateBody,
} from './branch-profile.ts';
import { OperatingHoursBody, OperatingHoursQuery, StoreHoursDay } from './opening-hours.ts';
import {
  Branding,
  BrandingImageUpload,
  TenantNameBody,
  ThemeBody,
  ThemeSaved,
  ViewPropertiesBody,
} from './branding.ts';
import { BranchDeliveryZone, DeliveryConfig, DeliveryZoneBody } from './delivery-zones.ts';

/** Outlet settings: The calls (§7.3). */
const route = routesOf('outlet-settings');

const settings = { permission: 'StoreSettings' } as const;
const areaPayments = { permission: 'ServiceAreaPaymentMethods' } as const;
const branding = { permission: 'Branding' } as const;

const upload = (path: string, what: string) =>
  route({
    method: 'POST',
    path,
    access: branding,
    summary: `Upload the ${what} (multipart field "file"); stored at once, 201 with its url`,
    params: TenantParams,
    consumes: 'multipart/form-data',
    results: BrandingImageUpload,
    status: 201,
  });

/** operations-platform §2.7, §2.8 and §7.3: outlet status and every branch setting. */
export const outletSettingsRoutes = {
  ...outletStatusRoutes,

  branches: route({
    method: 'GET',
    path: `${TENANT_PATH}/settings/profile`,
    access: settings,
    summary: 'The branches list: one card per branch',
    params: TenantParams,
    results: z.array(BranchCard),
  }),
  profile: route({
    method: 'GET',
    path: `${BRANCH_SETTINGS_PATH}/profile`,
    access: settings,
    summary: "One branch's profile: name, phone, templates, links, delivery type",
    params: BranchParams,
    results: BranchProfile,
  }),
  setProfile: route({
    method: 'PUT',
    path: `${BRANCH_SETTINGS_PATH}/profile`,
    access: settings,
    summary: "Set a branch's name (localized, ≤ 50) and phone (international, stored E.164)",
    description: '422 codes: `phone_invalid`, `max`, `required`, `branch_mismatch`.',
    params: BranchParams,
    body: BranchProfileBody,
    results: BranchProfile,
  }),
  setCheckoutTemplate: route({
    method: 'PUT',
    path: `${BRANCH_SETTINGS_PATH}/checkoutTemplates`,
    access: settings,
    summary: 'Switch one checkout template of a branch on or off; the intake obeys at once',
    params: BranchParams,
    body: CheckoutTemplateBody,
    results: BranchCheckoutTemplates,
  }),

  paymentMethods: route({
    method: 'GET',
    path: `${BRANCH_SETTINGS_PATH}/paymentmethods/:checkoutTemplate`,
    // Every member reads them: the per-table payment page is theirs (§6); the public menu
    // shows the accepted methods to anyone anyway.
    access: areaPayments,
    summary: 'The payment methods a template of a branch (or one table, DINING) offers',
    description:
      'With `serviceAreaId` (DINING only): that table’s methods, its own where set, else the branch’s.',
    params: BranchParams.extend({ checkoutTemplate: PaymentTemplate }),
    query: PaymentMethodsQuery,
    results: BranchPaymentMethods,
  }),
  setPaymentMethods: route({
    method: 'PUT',
    path: `${BRANCH_SETTINGS_PATH}/paymentmethods/:checkoutTemplate`,
    // Per-table mode is every member's (§6); the branch's own methods stay the owner's
    // (StoreSettings, checked by the service: 403 without it).
    access: areaPayments,
    summary: "Switch a template's (or one table's) payment methods; the intake obeys them",
    description:
      'With `serviceAreaId` (DINING only): that table’s own methods, over the branch’s. 422 codes (field `paymentMethods`): `atleast_one_paymentmethod_required`, `paymentmethod_card_offline_online_conflict` (card machine and online card together); `payment_method_not_available` on a method the template does not offer (room charge outside room-service tenants, pay later outside dine-in); (field `serviceAreaId`) `service_area_dining_only` outside DINING. 404 when the table is not the branch’s.',
    params: BranchParams.extend({ checkoutTemplate: PaymentTemplate }),
    body: PaymentMethodsBody,
    results: BranchPaymentMethods,
  }),

  operatingHours: route({
    method: 'GET',
    path: `${BRANCH_SETTINGS_PATH}/operatinghours`,
    access: settings,
    summary: 'Opening hours, day by day (0 is Sunday), of one template or of all',
    description: 'A day nobody has set is open around the clock (00:00–23:59).',
    params: BranchParams,
    query: OperatingHoursQuery,
    results: z.array(StoreHoursDay),
  }),
  setOperatingHours: route({
    method: 'PUT',
    path: `${BRANCH_SETTINGS_PATH}/operatinghours`,
    access: settings,
    summary: "Replace days of templates' opening hours; answers those templates' whole weeks",
    description:
      'Times are the branch’s local time (its IANA zone). 422 codes (fields `N.hours.M.openHour` / `closeHour`): `operating_hour_range_invalid`, `operating_hour_duplicate_opening_hours`, `operating_hour_intersection`, `operating_hour_minute_invalid`.',
    params: BranchParams,
    body: OperatingHoursBody,
    results: z.array(StoreHoursDay),
  }),

  deliveryZones: route({
    method: 'GET',
    path: `${BRANCH_SETTINGS_PATH}/deliveryZones`,
    access: settings,
    summary: "The tenant's delivery zones with this branch's switch and fee",
    params: BranchParams,
    results: z.array(BranchDeliveryZone),
  }),
  deliveryConfig: route({
    method: 'GET',
    path: `${BRANCH_SETTINGS_PATH}/deliveryConfig`,
    access: settings,
    summary: 'How the branch delivers (zone-based fixed fees or a third party)',
    params: BranchParams,
    results: DeliveryConfig,
  }),
  setDeliveryZone: route({
    method: 'PUT',
    path: `${BRANCH_SETTINGS_PATH}/deliveryZones/:deliveryZoneId`,
    access: settings,
    summary: 'Switch a zone on or off for the branch and set its fee (0–100000)',
    description: '422 codes: `delivery_fee_invalid`, `max`, `zone_mismatch`.',
    params: BranchParams.extend({ deliveryZoneId: Uuid }),
    body: DeliveryZoneBody,
    results: BranchDeliveryZone,
  }),

  branding: route({
    method: 'GET',
    path: `${TENANT_PATH}/settings/branding`,
    access: branding,
    summary: 'Branding: business name, brand colour, store view and images',
    params: TenantParams,
    results: Branding,
  }),
  setTheme: route({
    method: 'PUT',
    path: `${TENANT_PATH}/settings/theme`,
    access: branding,
    summary: 'Set the brand colour (#rgb or #rrggbb)',
    description:
      "Saved whatever its contrast; `warnings` holds a 'contrast' warning when white text on it is under 4.5:1 (WCAG AA), with the readable text colour and a darker shade that passes.",
    params: TenantParams,
    body: ThemeBody,
    results: ThemeSaved,
  }),
  setName: route({
    method: 'PUT',
    path: `${TENANT_PATH}/settings/name`,
    access: branding,
    summary: 'Set the business name (en, ar, es; ≤ 25)',
    params: TenantParams,
    body: TenantNameBody,
    results: Branding,
  }),
  setViewProperties: route({
    method: 'PUT',
    path: `${TENANT_PATH}/settings/viewproperties`,
    access: branding,
    summary: 'Dine-in focused (sections shown) or delivery focused',
    description:
      '422 `view_multiple_sections` (field `view_ShowSection`): delivery focused needs at most one main section.',
    params: TenantParams,
    body: ViewPropertiesBody,
    results: Branding,
  }),
  uploadBanner: upload(`${TENANT_PATH}/settings/images/banner`, 'banner image (1360×600)'),
  uploadLanding: upload(`${TENANT_PATH}/settings/images/landing`, 'landing image (1080×1920)'),
  uploadLogo: upload(`${TENANT_PATH}/ImagesHandler/logo`, 'delivery-focused logo (300×300)'),
  uploadLogoWhite: upload(
    `${TENANT_PATH}/ImagesHandler/logowhite`,
    'dine-in white logo (500×500 transparent PNG)',
  ),
};
