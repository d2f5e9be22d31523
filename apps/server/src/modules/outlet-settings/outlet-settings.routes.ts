import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import {
  IMAGE_LIMITS,
  outletSettingsRoutes as routes,
  rolesFor,
  type BrandingImage,
} from '@app/contracts';
import { Forbidden } from '../../errors.ts';
import { handle } from '../../plugins/handle.ts';
import { readUpload } from '../../plugins/upload.ts';
import type { BranchSettingsService } from './branch-settings.service.ts';
import type { BrandingService } from './branding.service.ts';

/**
 * operations-platform §7.3: branch profile, checkout templates, payment methods, opening
 * hours, delivery zones and branding, at the spec's paths.
 */
export const outletSettingsHandlers =
  (deps: { branches: BranchSettingsService; branding: BrandingService }): FastifyPluginAsync =>
  async (app) => {
    const { branches, branding } = deps;
    await app.register(multipart, {
      limits: { fileSize: IMAGE_LIMITS.maxBytes, files: 1, fields: 5, parts: 6 },
    });

    handle(app, routes.branches, ({ params }) => branches.branches(params.tenantId));
    handle(app, routes.profile, ({ params }) => branches.profile(params.tenantId, params.branchId));
    handle(app, routes.setProfile, ({ params, body }) =>
      branches.setProfile(params.tenantId, params.branchId, body),
    );
    handle(app, routes.setCheckoutTemplate, ({ params, body }) =>
      branches.setCheckoutTemplate(params.tenantId, params.branchId, body),
    );
    handle(app, routes.paymentMethods, ({ params, query }) =>
      branches.paymentMethods(
        params.tenantId,
        params.branchId,
        params.checkoutTemplate,
        query.serviceAreaId ?? null,
      ),
    );
    handle(app, routes.setPaymentMethods, ({ params, body, auth }) => {
      // A table's mode is every member's; the branch's own methods stay the owner's (§6).
      if (!body.serviceAreaId && !(auth.role && rolesFor('StoreSettings').includes(auth.role)))
        throw new Forbidden();
      return branches.setPaymentMethods(
        params.tenantId,
        params.branchId,
        params.checkoutTemplate,
        body,
      );
    });
    handle(app, routes.operatingHours, ({ params, query }) =>
      branches.operatingHours(params.tenantId, params.branchId, query.checkoutTemplate),
    );
    handle(app, routes.setOperatingHours, ({ params, body }) =>
      branches.setOperatingHours(params.tenantId, params.branchId, body),
    );
    handle(app, routes.deliveryZones, ({ params }) =>
      branches.deliveryZones(params.tenantId, params.branchId),
    );
    handle(app, routes.deliveryConfig, ({ params }) =>
      branches.deliveryConfig(params.tenantId, params.branchId),
    );
    handle(app, routes.setDeliveryZone, ({ params, body }) =>
      branches.setDeliveryZone(params.tenantId, params.branchId, params.deliveryZoneId, body),
    );

    handle(app, routes.branding, ({ params }) => branding.get(params.tenantId));
    handle(app, routes.setTheme, ({ params, body }) => branding.setTheme(params.tenantId, body));
    handle(app, routes.setName, ({ params, body }) => branding.setName(params.tenantId, body));
    handle(app, routes.setViewProperties, ({ params, body }) =>
      branding.setViewProperties(params.tenantId, body.view_ShowSection),
    );
    const uploads: [typeof routes.uploadBanner, BrandingImage][] = [
      [routes.uploadBanner, 'banner'],
      [routes.uploadLanding, 'landing'],
      [routes.uploadLogo, 'logo'],
      [routes.uploadLogoWhite, 'logoWhite'],
    ];
    for (const [route, kind] of uploads) {
      handle(app, route, async ({ params, request }) =>
        branding.upload(params.tenantId, kind, await readUpload(request)),
      );
    }
  };
