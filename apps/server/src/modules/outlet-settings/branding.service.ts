import {
  BRANDING_IMAGES,
  brandColourWarnings,
  currencyOf,
  type Branding,
  type BrandingImage,
  type TenantNameBody,
  type ThemeBody,
  type ThemeSaved,
} from '@app/contracts';
import { NotFound, ValidationFailed } from '../../errors.ts';
import type { ImagesService } from '../images/images.service.ts';
import type { TenantRow } from '../identity/identity.table.ts';
import type { BrandingRepository } from './branding.repository.ts';

const brandingOf = (t: TenantRow): Branding => ({
  tenantId: t.id,
  localizedName: t.name,
  defaultCurrency: currencyOf(t.defaultCurrency),
  view_ShowSection: t.viewShowSection,
  theme: { primaryHex: t.primaryHex },
  bannerImageUrl: t.bannerImageUrl,
  landingImageUrl: t.landingImageUrl,
  logoUrl: t.logoUrl,
  logoWhiteUrl: t.logoWhiteUrl,
});

const IMAGE_COLUMN = {
  banner: 'bannerImageUrl',
  landing: 'landingImageUrl',
  logo: 'logoUrl',
  logoWhite: 'logoWhiteUrl',
} as const satisfies Record<BrandingImage, keyof TenantRow>;

export type BrandingService = ReturnType<typeof createBrandingService>;

/**
 * Branding (operations-platform §2.7, §3 Tenant profile and Theme, §5.3, §9): the business
 * name, brand colour, store view and the tenant's images. Each change is one statement.
 */
export function createBrandingService(deps: {
  repository: BrandingRepository;
  images: ImagesService;
}) {
  const { repository, images } = deps;

  async function update(tenantId: string, patch: Partial<TenantRow>) {
    const row = await repository.updateTenant(tenantId, patch);
    if (!row) throw new NotFound('Tenant');
    return brandingOf(row);
  }

  return {
    async get(tenantId: string): Promise<Branding> {
      const row = await repository.tenant(tenantId);
      if (!row) throw new NotFound('Tenant');
      return brandingOf(row);
    },

    /** Saved whatever its contrast: the answer warns when white text on it reads under 4.5:1. */
    async setTheme(tenantId: string, body: ThemeBody): Promise<ThemeSaved> {
      const branding = await update(tenantId, { primaryHex: body.primaryHex });
      return { ...branding, warnings: brandColourWarnings(body.primaryHex) };
    },

    setName: (tenantId: string, body: TenantNameBody) =>
      update(tenantId, { name: body.localizedName }),

    /**
     * §8: delivery focused shows one menu without its sections, so it needs at most one main
     * section (the catalogue then refuses a second one).
     */
    async setViewProperties(tenantId: string, showSections: boolean) {
      if (!showSections) {
        if ((await repository.mainSectionCount(tenantId)) > 1)
          throw new ValidationFailed('view_ShowSection', ['view_multiple_sections']);
      }
      return update(tenantId, { viewShowSection: showSections });
    },

    /** Checks the image for its place (§9 sizes' proportions, the white logo's PNG), stores it. */
    async upload(tenantId: string, kind: BrandingImage, bytes: Buffer) {
      const spec = BRANDING_IMAGES[kind];
      const stored = await images.upload(tenantId, bytes, {
        aspect: spec.width / spec.height,
        png: spec.png,
      });
      await update(tenantId, { [IMAGE_COLUMN[kind]]: stored.url });
      return stored;
    },
  };
}
