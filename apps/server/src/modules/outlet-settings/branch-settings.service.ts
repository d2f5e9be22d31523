import {
  CheckoutTemplate,
  currencyOf,
  LANGUAGES,
  Language,
  paymentMethodErrors,
  storefrontAddress,
  type BranchCard,
  type BranchCheckoutTemplates,
  type BranchDeliveryZone,
  type BranchPaymentMethods,
  type BranchProfile,
  type BranchProfileBody,
  type CheckoutTemplateBody,
  type DeliveryZoneBody,
  type FieldError,
  type OperatingHoursBody,
  type PaymentMethodsBody,
  type PaymentTemplate,
  type StoreHoursDay,
  type LocalizedText,
  fullWeek,
  effectivePaymentMethods,
  offeredMethods,
  serviceAreaStored,
} from '@app/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { recordChange } from '../audit/audit.ts';
import { NotFound, ValidationFailed } from '../../errors.ts';
import type { BranchRow, TenantRow } from '../identity/identity.table.ts';
import { operatingStatusOf } from '../identity/branches.ts';
import type { BranchSettingsRepository } from './branch-settings.repository.ts';

const card = (b: BranchRow): BranchCard => ({
  branchId: b.id,
  branchName: b.name,
  phoneNumber: b.phoneNumber,
  timeZone: b.timeZone,
  checkoutTemplates: b.checkoutTemplates,
  branchOperatingStatus: operatingStatusOf(b),
});

/** A table's stored dine-in methods; 404 when it is not the branch's, 422 outside DINING. */
async function areaMethods(
  repo: BranchSettingsRepository,
  q: Db | Tx,
  tenantId: string,
  branchId: string,
  template: PaymentTemplate,
  serviceAreaId: string,
) {
  if (template !== 'DINING')
    throw new ValidationFailed('serviceAreaId', ['service_area_dining_only']);
  if (!(await repo.serviceArea(q, tenantId, branchId, serviceAreaId)))
    throw new NotFound('Service area');
  const [own, branch] = await Promise.all([
    repo.areaPaymentMethods(q, tenantId, serviceAreaId),
    repo.paymentMethods(q, tenantId, branchId, 'DINING'),
  ]);
  return serviceAreaStored(own, branch);
}

/** A branch's settings in the history of changes. */
const branchEntry = (tenantId: string, branchId: string, label: LocalizedText) =>
  ({
    tenantId,
    entityType: 'branch',
    entityId: branchId,
    branchId,
    action: 'update',
    label,
  }) as const;

export type BranchSettingsService = ReturnType<typeof createBranchSettingsService>;

/**
 * A branch's settings (operations-platform §2.7, §2.8, §4.4, §5.3–§5.5): profile, checkout
 * templates, payment methods, opening hours and delivery zones. The order intake reads the
 * same rows on every order, so a change holds from the next one.
 */
export function createBranchSettingsService(deps: {
  db: Db;
  repository: BranchSettingsRepository;
  /** Where the public storefront lives: ordering links are `${storefrontUrl}/{slug}/…`. */
  storefrontUrl: string;
  /** Online payment methods can be approved: a payment provider is configured. */
  onlinePaymentsApproved: boolean;
}) {
  const { db, repository: repo, storefrontUrl, onlinePaymentsApproved } = deps;

  async function found(tenantId: string, branchId: string) {
    const row = await repo.branchWithTenant(db, tenantId, branchId);
    if (!row) throw new NotFound('Branch');
    return row;
  }

  function profileOf(branch: BranchRow, tenant: TenantRow): BranchProfile {
    const link = (template: 'delivery' | 'pickup') =>
      storefrontAddress.branch(storefrontUrl, tenant.slug, branch.id, template);
    return {
      ...card(branch),
      customDomain: branch.customDomain,
      websiteHost: branch.websiteHost,
      logoUrl: tenant.logoUrl,
      bannerImageUrl: tenant.bannerImageUrl,
      defaultCurrency: currencyOf(tenant.defaultCurrency),
      acceptedLanguages: [...LANGUAGES],
      defaultStorefrontLanguage: Language.catch('en').parse(tenant.defaultAdminLanguage),
      theme: { primaryHex: tenant.primaryHex },
      deliveryType: branch.deliveryType,
      // §2.7: the links show only when the branch has no custom domain.
      orderingLinks: branch.customDomain
        ? {}
        : {
            ...(branch.checkoutTemplates.includes('DELIVERY')
              ? { DELIVERY: link('delivery') }
              : {}),
            ...(branch.checkoutTemplates.includes('PICKUP') ? { PICKUP: link('pickup') } : {}),
          },
    };
  }

  const paymentContext = (tenant: TenantRow) => ({
    roomService: tenant.roomService,
    onlineApproved: onlinePaymentsApproved,
  });

  async function week(tenantId: string, branchId: string, template?: CheckoutTemplate) {
    const rows = await repo.hours(db, tenantId, branchId, template);
    const templates = template ? [template] : CheckoutTemplate.options;
    return templates.flatMap((t) =>
      fullWeek(
        t,
        rows.filter((r) => r.checkoutTemplate === t),
      ),
    );
  }

  return {
    async branches(tenantId: string): Promise<BranchCard[]> {
      return (await repo.branches(db, tenantId)).map(card);
    },

    async profile(tenantId: string, branchId: string): Promise<BranchProfile> {
      const { branch, tenant } = await found(tenantId, branchId);
      return profileOf(branch, tenant);
    },

    async setProfile(tenantId: string, branchId: string, body: BranchProfileBody) {
      if (body.branchId !== branchId) throw new ValidationFailed('branchId', ['branch_mismatch']);
      await db.transaction(async (tx) => {
        const was = await repo.branchWithTenant(tx, tenantId, branchId);
        const updated = await repo.updateProfile(tx, tenantId, branchId, {
          name: body.branchName,
          phoneNumber: body.phoneNumber,
        });
        if (!was || !updated) throw new NotFound('Branch');
        await recordChange(tx, {
          ...branchEntry(tenantId, branchId, was.branch.name),
          before: { branchName: was.branch.name, phoneNumber: was.branch.phoneNumber },
          after: { branchName: body.branchName, phoneNumber: body.phoneNumber },
        });
      });
      return this.profile(tenantId, branchId);
    },

    async setCheckoutTemplate(
      tenantId: string,
      branchId: string,
      body: CheckoutTemplateBody,
    ): Promise<BranchCheckoutTemplates> {
      return db.transaction(async (tx) => {
        const was = await repo.branchWithTenant(tx, tenantId, branchId);
        const row = await repo.setTemplate(
          tx,
          tenantId,
          branchId,
          body.checkoutTemplate,
          body.enabled,
        );
        if (!was || !row) throw new NotFound('Branch');
        await recordChange(tx, {
          ...branchEntry(tenantId, branchId, was.branch.name),
          before: { checkoutTemplates: was.branch.checkoutTemplates },
          after: { checkoutTemplates: row.checkoutTemplates },
        });
        return { branchId, checkoutTemplates: row.checkoutTemplates };
      });
    },

    async paymentMethods(
      tenantId: string,
      branchId: string,
      template: PaymentTemplate,
      serviceAreaId: string | null = null,
    ): Promise<BranchPaymentMethods> {
      const { tenant } = await found(tenantId, branchId);
      const stored = serviceAreaId
        ? await areaMethods(repo, db, tenantId, branchId, template, serviceAreaId)
        : await repo.paymentMethods(db, tenantId, branchId, template);
      return {
        checkoutTemplate: template,
        serviceAreaId,
        paymentMethods: effectivePaymentMethods(template, stored, paymentContext(tenant)),
      };
    },

    /**
     * Applies the sent switches over the stored ones and checks §5.3 and §8 on the result,
     * under the branch's row lock so two changes at once cannot add up to a forbidden set.
     * With a serviceAreaId the switches become that table's own (§4.4 per-table mode).
     */
    async setPaymentMethods(
      tenantId: string,
      branchId: string,
      template: PaymentTemplate,
      body: PaymentMethodsBody,
    ): Promise<BranchPaymentMethods> {
      const serviceAreaId = body.serviceAreaId ?? null;
      const { tenant } = await found(tenantId, branchId);
      const ctx = paymentContext(tenant);
      const offered = offeredMethods(template, ctx);
      const errors: FieldError[] = [];
      body.paymentMethods.forEach((m, i) => {
        if (!offered.includes(m.paymentMethodType))
          errors.push({
            field: `paymentMethods.${i}.paymentMethodType`,
            codes: ['payment_method_not_available'],
          });
        else if (
          body.paymentMethods.findIndex((x) => x.paymentMethodType === m.paymentMethodType) < i
        )
          errors.push({ field: `paymentMethods.${i}.paymentMethodType`, codes: ['duplicate'] });
      });
      if (errors.length > 0) throw new ValidationFailed(errors);
      await db.transaction(async (tx) => {
        const branch = await repo.lockBranch(tx, tenantId, branchId);
        if (!branch) throw new NotFound('Branch');
        const stored = serviceAreaId
          ? await areaMethods(repo, tx, tenantId, branchId, template, serviceAreaId)
          : await repo.paymentMethods(tx, tenantId, branchId, template);
        const next = effectivePaymentMethods(template, stored, ctx).map((m) => {
          const sent = body.paymentMethods.find((x) => x.paymentMethodType === m.paymentMethodType);
          return sent ? { ...m, active: sent.active } : m;
        });
        const problems = paymentMethodErrors(next);
        if (problems.length > 0) throw new ValidationFailed(problems);
        const switches = (list: { paymentMethodType: string; active: boolean }[]) => ({
          [`paymentMethods.${template}${serviceAreaId ? `.table.${serviceAreaId}` : ''}`]:
            Object.fromEntries(list.map((m) => [m.paymentMethodType, m.active])),
        });
        await recordChange(tx, {
          ...branchEntry(tenantId, branchId, tenant.name),
          before: switches(effectivePaymentMethods(template, stored, ctx)),
          after: switches(next),
        });
        if (serviceAreaId) {
          // Only the sent switches become the table's: the rest keep following the branch.
          await repo.upsertAreaPaymentMethods(
            tx,
            tenantId,
            serviceAreaId,
            body.paymentMethods.map((m) => ({
              paymentMethodType: m.paymentMethodType,
              active: m.active,
            })),
          );
        } else {
          await repo.upsertPaymentMethods(
            tx,
            tenantId,
            branchId,
            template,
            next.map((m) => ({ paymentMethodType: m.paymentMethodType, active: m.active })),
          );
        }
      });
      return this.paymentMethods(tenantId, branchId, template, serviceAreaId);
    },

    async operatingHours(
      tenantId: string,
      branchId: string,
      template?: CheckoutTemplate,
    ): Promise<StoreHoursDay[]> {
      await found(tenantId, branchId);
      return week(tenantId, branchId, template);
    },

    /** Replaces the sent days; a day without slots is closed (§4.4). Answers those weeks. */
    async setOperatingHours(
      tenantId: string,
      branchId: string,
      body: OperatingHoursBody,
    ): Promise<StoreHoursDay[]> {
      const { branch } = await found(tenantId, branchId);
      const days = body.map((d) => {
        const closed = d.dayClosed || d.hours.length === 0;
        const hours = closed
          ? []
          : [...d.hours].sort(
              (a, b) => a.openHour * 60 + a.openMinute - b.openHour * 60 - b.openMinute,
            );
        return { checkoutTemplate: d.checkoutTemplate, day: d.day, dayClosed: closed, hours };
      });
      const templates = [...new Set(body.map((d) => d.checkoutTemplate))];
      await db.transaction(async (tx) => {
        const hoursOf = async () => {
          const rows = await repo.hours(tx, tenantId, branchId);
          return {
            hours: Object.fromEntries(
              templates.map((t) => [
                t,
                fullWeek(
                  t,
                  rows.filter((r) => r.checkoutTemplate === t),
                ).map((d) => ({ dayClosed: d.dayClosed, hours: d.hours })),
              ]),
            ),
          };
        };
        const before = await hoursOf();
        await repo.upsertHours(tx, tenantId, branchId, days);
        await recordChange(tx, {
          ...branchEntry(tenantId, branchId, branch.name),
          before,
          after: await hoursOf(),
        });
      });
      const weeks = await week(tenantId, branchId);
      return weeks.filter((d) => templates.includes(d.checkoutTemplate));
    },

    async deliveryZones(tenantId: string, branchId: string): Promise<BranchDeliveryZone[]> {
      await found(tenantId, branchId);
      const rows = await repo.zones(db, tenantId, branchId);
      return rows.map((z) => ({
        deliveryZoneId: z.id,
        deliveryZoneLocalizedTitle: z.title,
        active: z.active,
        deliveryFee: Number(z.fee),
      }));
    },

    async deliveryConfig(tenantId: string, branchId: string) {
      const { branch } = await found(tenantId, branchId);
      return { deliveryType: branch.deliveryType };
    },

    async setDeliveryZone(
      tenantId: string,
      branchId: string,
      zoneId: string,
      body: DeliveryZoneBody,
    ): Promise<BranchDeliveryZone> {
      if (body.deliveryZoneId !== zoneId)
        throw new ValidationFailed('deliveryZoneId', ['zone_mismatch']);
      const { branch } = await found(tenantId, branchId);
      const [zone] = await repo.zones(db, tenantId, branchId, zoneId);
      if (!zone) throw new NotFound('Delivery zone');
      await db.transaction(async (tx) => {
        const [was] = await repo.zones(tx, tenantId, branchId, zoneId);
        await repo.upsertZone(tx, {
          tenantId,
          branchId,
          deliveryZoneId: zoneId,
          active: body.active,
          fee: body.deliveryFee,
        });
        const field = `deliveryZones.${zone.title.fieldValue}`;
        await recordChange(tx, {
          ...branchEntry(tenantId, branchId, branch.name),
          before: { [field]: { active: was?.active, deliveryFee: was && Number(was.fee) } },
          after: { [field]: { active: body.active, deliveryFee: Number(body.deliveryFee) } },
        });
      });
      return {
        deliveryZoneId: zoneId,
        deliveryZoneLocalizedTitle: zone.title,
        active: body.active,
        deliveryFee: Number(body.deliveryFee),
      };
    },
  };
}
