import {
  serviceAreaName,
  storefrontAddress,
  type QrCodesBody,
  type SectionBody,
  type ServiceArea,
  type ServiceAreaBody,
  type ServiceAreaPage,
  type ServiceAreaRangeBody,
  type ServiceAreaSection,
  type ServiceAreasQuery,
  type UniqueLink,
  type UniqueLinkBody,
  type UniqueLinkTemplate,
  effectivePaymentMethods,
  serviceAreaStored,
} from '@app/contracts';
import { recordChange } from '../audit/audit.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { NotFound, ValidationFailed } from '../../errors.ts';
import type { PaymentMethodsRepository } from '../outlet-settings/payment-methods.repository.ts';
import { qrFile, type QrFile } from './qr-codes.ts';
import { type ServiceAreasRepository, type AreaRow } from './service-areas.repository.ts';

export type ServiceAreasService = ReturnType<typeof createServiceAreasService>;

type BranchRow = NonNullable<Awaited<ReturnType<ServiceAreasRepository['branch']>>>;

/**
 * Sections, tables (service areas), unique links and their QR codes (operations-platform
 * §2.9, §3, §5.5, §7.2). The order intake reads the same tables, so a table switched to MENU
 * stops taking orders from the next one.
 */
/** A floor (service area section) of a branch in the history of changes. */
const floorEntry = (
  tenantId: string,
  branchId: string,
  entityId: string,
  action: 'create' | 'update',
) => ({ tenantId, entityType: 'serviceArea', entityId, branchId, action }) as const;

export function createServiceAreasService(deps: {
  db: Db;
  repository: ServiceAreasRepository;
  /** The branch's and the tables' stored payment rows (outlet settings keeps them). */
  paymentMethods: PaymentMethodsRepository;
  /** STOREFRONT_URL: where the storefront lives; a QR code carries `${storefrontUrl}/{slug}/…`. */
  storefrontUrl: string;
  /** Online payment methods can be approved: a payment provider is configured. */
  onlinePaymentsApproved: boolean;
}) {
  const { db, repository: repo, storefrontUrl, onlinePaymentsApproved } = deps;

  async function found(tenantId: string, branchId: string): Promise<BranchRow> {
    const row = await repo.branch(db, tenantId, branchId);
    if (!row) throw new NotFound('Branch');
    return row;
  }

  /** The storefront's base and slug: a branch's custom domain stands for both. */
  const addressBase = (branch: BranchRow): [string, string | null] =>
    branch.customDomain ? [`https://${branch.customDomain}`, null] : [storefrontUrl, branch.slug];

  async function sectionIn(tenantId: string, branchId: string, sectionId: string | null) {
    if (sectionId && !(await repo.section(db, tenantId, branchId, sectionId)))
      throw new ValidationFailed('sectionId', ['section_not_found']);
  }

  /** Tables with their payment methods: their own rows over the branch's dine-in ones. */
  async function withPayments(
    tenantId: string,
    branchId: string,
    branch: BranchRow,
    rows: AreaRow[],
  ): Promise<ServiceArea[]> {
    const [branchRows, tableRows] = await Promise.all([
      deps.paymentMethods.ofBranch(db, tenantId, branchId, 'DINING'),
      deps.paymentMethods.ofAreas(
        db,
        tenantId,
        rows.map((r) => r.id),
      ),
    ]);
    const ctx = { roomService: branch.roomService, onlineApproved: onlinePaymentsApproved };
    return rows.map((row) => {
      const own = tableRows.filter((t) => t.serviceAreaId === row.id);
      const stored = serviceAreaStored(own, branchRows);
      return { ...row, paymentMethods: effectivePaymentMethods('DINING', stored, ctx) };
    });
  }

  async function area(tenantId: string, branchId: string, branch: BranchRow, id: string) {
    const [row] = await repo.areas(db, tenantId, branchId, [id]);
    if (!row) throw new NotFound('Service area');
    const [one] = await withPayments(tenantId, branchId, branch, [row]);
    return one!;
  }

  async function saveSection(
    tenantId: string,
    write: () => Promise<ServiceAreaSection | undefined>,
  ): Promise<ServiceAreaSection> {
    try {
      const row = await write();
      if (!row) throw new NotFound('Section');
      return row;
    } catch (err) {
      if (isUniqueViolation(err, 'service_area_sections_name_uq'))
        throw new ValidationFailed('name', ['duplicate_floor']);
      throw err;
    }
  }

  return {
    async sections(tenantId: string, branchId: string): Promise<ServiceAreaSection[]> {
      await found(tenantId, branchId);
      return repo.sections(db, tenantId, branchId);
    },

    async createSection(tenantId: string, branchId: string, body: SectionBody) {
      await found(tenantId, branchId);
      return saveSection(tenantId, () =>
        db.transaction(async (tx) => {
          const row = await repo.insertSection(tx, tenantId, branchId, body.name);
          await recordChange(tx, {
            ...floorEntry(tenantId, branchId, row.id, 'create'),
            before: null,
            after: { name: row.name },
          });
          return row;
        }),
      );
    },

    async updateSection(tenantId: string, branchId: string, id: string, body: SectionBody) {
      await found(tenantId, branchId);
      return saveSection(tenantId, () =>
        db.transaction(async (tx) => {
          const was = (await repo.sections(tx, tenantId, branchId)).find((x) => x.id === id);
          const row = await repo.renameSection(tx, tenantId, branchId, id, body.name);
          if (was && row) {
            await recordChange(tx, {
              ...floorEntry(tenantId, branchId, id, 'update'),
              before: { name: was.name },
              after: { name: row.name },
            });
          }
          return row;
        }),
      );
    },

    async serviceAreas(
      tenantId: string,
      branchId: string,
      query: ServiceAreasQuery,
    ): Promise<ServiceAreaPage> {
      const branch = await found(tenantId, branchId);
      const { rows, totalCount } = await repo.page(db, tenantId, branchId, query);
      return { serviceAreas: await withPayments(tenantId, branchId, branch, rows), totalCount };
    },

    /** §5.5: the whole range in one transaction; one table already there refuses it all. */
    async createServiceAreas(
      tenantId: string,
      branchId: string,
      body: ServiceAreaRangeBody,
    ): Promise<ServiceArea[]> {
      const branch = await found(tenantId, branchId);
      const sectionId = body.sectionId ?? null;
      await sectionIn(tenantId, branchId, sectionId);
      const title = body.title ?? null;
      const values: string[] = [];
      for (let n = body.rangeStart; n <= body.rangeEnd; n++) values.push(String(n));
      const duplicate = new ValidationFailed('rangeStart', ['duplicate_service_area']);
      let ids: string[];
      try {
        ids = await db.transaction(async (tx) => {
          if ((await repo.takenValues(tx, tenantId, branchId, title, values)).length > 0)
            throw duplicate;
          const rows = await repo.insertAreas(
            tx,
            values.map((value) => ({
              tenantId,
              branchId,
              title,
              value,
              sectionId,
              enabled: body.enabled,
              template: body.template,
            })),
          );
          // One entry for the range (up to 1,000 tables), under its first table.
          await recordChange(tx, {
            tenantId,
            entityType: 'serviceArea',
            entityId: rows[0]!.id,
            branchId,
            action: 'create',
            label: { fieldValue: `${title ?? ''} ${body.rangeStart}–${body.rangeEnd}`.trim() },
            before: null,
            after: {
              rangeStart: body.rangeStart,
              rangeEnd: body.rangeEnd,
              title,
              sectionId,
              enabled: body.enabled,
              template: body.template,
            },
          });
          return rows.map((r) => r.id);
        });
      } catch (err) {
        // Two ranges at once: the constraint catches what the check could not see.
        if (isUniqueViolation(err, 'service_areas_name_uq')) throw duplicate;
        throw err;
      }
      return withPayments(
        tenantId,
        branchId,
        branch,
        await repo.areas(db, tenantId, branchId, ids),
      );
    },

    async updateServiceArea(
      tenantId: string,
      branchId: string,
      id: string,
      body: ServiceAreaBody,
    ): Promise<ServiceArea> {
      const branch = await found(tenantId, branchId);
      if (body.sectionId !== undefined) await sectionIn(tenantId, branchId, body.sectionId);
      const patch = {
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.sectionId !== undefined ? { sectionId: body.sectionId } : {}),
        ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
        ...(body.template !== undefined ? { template: body.template } : {}),
      };
      try {
        await db.transaction(async (tx) => {
          const [was] = await repo.areas(tx, tenantId, branchId, [id]);
          if (!was) throw new NotFound('Service area');
          if (Object.keys(patch).length === 0) return;
          const row = await repo.updateArea(tx, tenantId, branchId, id, patch);
          if (!row) throw new NotFound('Service area');
          const fields = Object.keys(patch) as (keyof typeof patch)[];
          const pick = (r: Record<string, unknown>) =>
            Object.fromEntries(fields.map((f) => [f, r[f] ?? null]));
          await recordChange(tx, {
            tenantId,
            entityType: 'serviceArea',
            entityId: id,
            branchId,
            action: 'update',
            label: { fieldValue: `${was.title ?? ''} ${was.value}`.trim() },
            before: pick(was),
            after: pick(row),
          });
        });
      } catch (err) {
        if (isUniqueViolation(err, 'service_areas_name_uq'))
          throw new ValidationFailed('title', ['duplicate_service_area']);
        throw err;
      }
      return area(tenantId, branchId, branch, id);
    },

    async uniqueLinks(
      tenantId: string,
      branchId: string,
      template: UniqueLinkTemplate,
    ): Promise<UniqueLink[]> {
      const branch = await found(tenantId, branchId);
      const [base, slug] = addressBase(branch);
      const rows = await repo.links(db, tenantId, branchId, template);
      return rows.map((r) => ({ ...r, url: storefrontAddress.uniqueLink(base, slug, r.id) }));
    },

    async createUniqueLink(
      tenantId: string,
      branchId: string,
      template: UniqueLinkTemplate,
      body: UniqueLinkBody,
    ): Promise<UniqueLink> {
      const branch = await found(tenantId, branchId);
      const [base, slug] = addressBase(branch);
      try {
        const row = await db.transaction(async (tx) => {
          const link = await repo.insertLink(tx, { tenantId, branchId, template, name: body.name });
          await recordChange(tx, {
            tenantId,
            entityType: 'serviceArea',
            entityId: link.id,
            branchId,
            action: 'create',
            label: { fieldValue: link.name },
            before: null,
            after: { uniqueLink: { name: link.name, template: link.template } },
          });
          return link;
        });
        return { ...row, url: storefrontAddress.uniqueLink(base, slug, row.id) };
      } catch (err) {
        if (isUniqueViolation(err, 'unique_links_name_uq'))
          throw new ValidationFailed('name', ['duplicate_unique_link']);
        throw err;
      }
    },

    /** §7.2: each table's QR code carries its storefront address. */
    async serviceAreaQrCodes(
      tenantId: string,
      branchId: string,
      body: QrCodesBody,
    ): Promise<QrFile> {
      const branch = await found(tenantId, branchId);
      const [base, slug] = addressBase(branch);
      const ids = [...new Set(body.ids)];
      const rows = await repo.areas(db, tenantId, branchId, ids);
      if (rows.length !== ids.length) throw new NotFound('Service area');
      const entries = rows.map((r) => ({
        name: serviceAreaName(r),
        url: storefrontAddress.serviceArea(base, slug, r.id),
      }));
      return qrFile(entries, body.qrColor, 'service-area-qr-codes.zip');
    },

    async uniqueLinkQrCodes(tenantId: string, branchId: string, body: QrCodesBody) {
      const branch = await found(tenantId, branchId);
      const [base, slug] = addressBase(branch);
      const ids = [...new Set(body.ids)];
      const rows = await repo.linksByIds(db, tenantId, branchId, ids);
      if (rows.length !== ids.length) throw new NotFound('Unique link');
      const entries = rows.map((r) => ({
        name: `${r.template.toLowerCase()} ${r.name}`,
        url: storefrontAddress.uniqueLink(base, slug, r.id),
      }));
      return qrFile(entries, body.qrColor, 'unique-link-qr-codes.zip');
    },
  };
}
