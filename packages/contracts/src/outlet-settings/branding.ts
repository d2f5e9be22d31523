import { z } from 'zod';
import { Currency, LocalizedText, Uuid } from '../common.ts';
import { SaveWarning } from '../contrast.ts';
import { BusinessName, ThemeSettings } from './branch-profile.ts';

/** Outlet settings: Branding (§2.7, §3 Tenant profile and Theme, §5.3, §9). */
/** §9: the 16 preset brand colours; a custom one is added to the list. */
export const BRAND_COLOURS = [
  '#d32f2f',
  '#c2185b',
  '#7b1fa2',
  '#512da8',
  '#303f9f',
  '#1976d2',
  '#0288d1',
  '#0097a7',
  '#00796b',
  '#388e3c',
  '#689f38',
  '#afb42b',
  '#f9a825',
  '#f57c00',
  '#e64a19',
  '#5d4037',
] as const;
export const DEFAULT_BRAND_COLOUR = '#1976d2';

/** §5.3: '#' and 3 or 6 hex digits ('Please enter a valid hex color code.'). */
export const HexColour = z
  .string()
  .trim()
  .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, { message: 'hex_color_invalid' })
  .transform((v) => v.toLowerCase());

export const ThemeBody = z.object({ primaryHex: HexColour });
export type ThemeBody = z.infer<typeof ThemeBody>;

export const TenantNameBody = z.object({ localizedName: BusinessName });
export type TenantNameBody = z.infer<typeof TenantNameBody>;

/** §3: view_ShowSection true is dine-in focused (sections shown), false delivery focused. */
export const ViewPropertiesBody = z.object({ view_ShowSection: z.boolean() });
export type ViewPropertiesBody = z.infer<typeof ViewPropertiesBody>;

/** §9: the preferred size of each branding image; the white logo is a transparent PNG. */
export const BRANDING_IMAGES = {
  banner: { width: 1360, height: 600, png: false },
  landing: { width: 1080, height: 1920, png: false },
  logo: { width: 300, height: 300, png: false },
  logoWhite: { width: 500, height: 500, png: true },
} as const;
export type BrandingImage = keyof typeof BRANDING_IMAGES;

export const Branding = z.object({
  tenantId: Uuid,
  localizedName: LocalizedText,
  defaultCurrency: Currency,
  view_ShowSection: z.boolean(),
  theme: ThemeSettings,
  bannerImageUrl: z.string().nullable(),
  landingImageUrl: z.string().nullable(),
  logoUrl: z.string().nullable(),
  logoWhiteUrl: z.string().nullable(),
});
export type Branding = z.infer<typeof Branding>;

/** PUT .../settings/theme answers the branding and, when white text on the colour reads under 4.5:1, a contrast warning. */
export const ThemeSaved = Branding.extend({ warnings: z.array(SaveWarning) });
export type ThemeSaved = z.infer<typeof ThemeSaved>;

export const BrandingImageUpload = z.object({
  url: z.string(),
  contentType: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});
