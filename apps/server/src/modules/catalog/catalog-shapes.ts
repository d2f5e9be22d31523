import {
  CATALOG_LIMITS,
  type CatalogItemResponse,
  type CategoryResponse,
  type ScheduleEntry,
} from '@app/contracts';
import type { CategoryRow, ItemRow, ScheduleRow, VariantRow } from './catalog.table.ts';

const ALL_DAY = { openTime: '00:00', closeTime: '23:59' } as const;

/** Days without a stored slot are open all day (menu-management.md §3). */
export function fillSchedule(
  rows: Pick<ScheduleRow, 'day' | 'dayClosed' | 'openTime' | 'closeTime'>[],
) {
  const out = rows.map((r) => ({
    day: r.day,
    dayClosed: r.dayClosed,
    openTime: r.openTime,
    closeTime: r.closeTime,
  }));
  for (let day = 0; day < CATALOG_LIMITS.scheduleDays; day++) {
    if (!out.some((r) => r.day === day)) out.push({ day, dayClosed: false, ...ALL_DAY });
  }
  return out.sort((a, b) => a.day - b.day || (a.openTime ?? '').localeCompare(b.openTime ?? ''));
}

export const money = (v: string) => Number(v);

/** Rows to store for a validated schedule: a closed day keeps no times. */
export const toScheduleRows = (entries: ScheduleEntry[]) =>
  entries.map((e) => ({
    day: e.day,
    dayClosed: e.dayClosed,
    openTime: e.dayClosed ? null : (e.openTime ?? null),
    closeTime: e.dayClosed ? null : (e.closeTime ?? null),
  }));

export function levelOf(byId: Map<string, Pick<CategoryRow, 'parentId'>>, id: string): number {
  let level = 0;
  let cur = byId.get(id);
  while (cur?.parentId) {
    level++;
    cur = byId.get(cur.parentId);
    if (level > 50) break; // a cycle never exists; this only bounds the walk
  }
  return level;
}

export function toCategory(
  row: CategoryRow,
  schedule: ScheduleRow[],
  level: number,
): CategoryResponse {
  return {
    id: row.id,
    parentId: row.parentId,
    localizedTitle: row.title,
    localizedDesc: row.description,
    images: row.images,
    position: row.position,
    active: row.active,
    hideWhenNotAvailable: row.hideWhenNotAvailable,
    excludedCheckoutTemplates: row.excludedCheckoutTemplates,
    schedule: fillSchedule(schedule),
    level,
  };
}

export function toItem(
  row: ItemRow,
  vs: VariantRow[],
  taxIds: string[],
  groupIds: string[],
): CatalogItemResponse {
  return {
    id: row.id,
    categories: [row.categoryId],
    localizedTitle: row.title,
    localizedDesc: row.description,
    images: row.images,
    thumbnail: row.images[0] ?? null,
    variants: vs.map((v) => ({
      id: v.id,
      price: money(v.price),
      localizedTitle: v.title,
      position: v.position,
    })),
    taxes: taxIds,
    active: row.active,
    outOfStock: row.outOfStock,
    isNew: row.isNew,
    enableSpecialRequest: row.enableSpecialRequest,
    position: row.position,
    modifierGroupIds: groupIds,
    excludedCheckoutTemplates: row.excludedCheckoutTemplates,
    excludedBranches: row.excludedBranches,
  };
}
