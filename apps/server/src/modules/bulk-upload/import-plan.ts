import { randomUUID } from 'node:crypto';
import {
  BULK_UPLOAD_TEMPLATE,
  CATALOG_LIMITS,
  MODIFIER_GROUP_LIMITS,
  Money,
  isStorableText,
  type BulkUploadKind,
  type BulkUploadResult,
  type LocalizedText,
} from '@app/contracts';
import type { SheetRow } from './sheet-reader.ts';

/** The tenant's menu as the import matches names against it. */
export type ExistingMenu = {
  sections: { id: string; parentId: string | null; title: LocalizedText; position: number }[];
  items: { id: string; categoryId: string; title: LocalizedText; position: number }[];
  modifierGroups: { id: string; name: string }[];
};

export type PlannedSection = {
  id: string;
  parentId: string | null;
  title: LocalizedText;
  description: LocalizedText | null;
  position: number;
};
export type PlannedItem = {
  id: string;
  categoryId: string;
  title: LocalizedText;
  description: LocalizedText | null;
  position: number;
  variants: { title: LocalizedText; price: string; position: number }[];
  groupIds: string[];
};
export type PlannedGroup = {
  id: string;
  name: string;
  title: LocalizedText;
  minQuantity: number;
  maxQuantity: number;
  choices: { title: LocalizedText; price: string; position: number }[];
};

/** Items decided between two turns of the event loop (when the caller asks for turns). */
const ITEMS_PER_TURN = 500;

/** Names compare without case or extra spaces: 'Hot  drinks' is 'hot drinks'. */
export const nameKey = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

const label = (kind: BulkUploadKind) => BULK_UPLOAD_TEMPLATE[kind].sheet;

/** The most of a cell's text an error message repeats (a name, say); longer is cut with '…'. */
export const ECHO_MAX_CHARS = 80;

/** A cell's text as an error message quotes it: at most ECHO_MAX_CHARS characters. */
export const quoted = (text: string) =>
  `'${text.length > ECHO_MAX_CHARS ? `${text.slice(0, ECHO_MAX_CHARS)}…` : text}'`;

/** What a row says is wrong, in the admin's language (English, §5). */
type Problems = string[];

function text(
  problems: Problems,
  value: string | undefined,
  column: string,
  min: number,
  max: number,
): string {
  const v = (value ?? '').trim();
  if (v === '') {
    if (min > 0) problems.push(`'${column}' is required`);
    return v;
  }
  if (!isStorableText(v)) problems.push(`'${column}' holds characters that cannot be stored`);
  else if (v.length < min) problems.push(`'${column}' is required`);
  else if (v.length > max) problems.push(`'${column}' is longer than ${max} characters`);
  return v;
}

/** Parsed prices by their text: a menu repeats a few prices over thousands of rows. */
type PriceCache = Map<string, string | null>;

function price(
  cache: PriceCache,
  problems: Problems,
  value: string | undefined,
  column: string,
): string {
  const input = (value ?? '').trim();
  let amount = cache.get(input);
  if (amount === undefined) {
    const parsed = Money.safeParse(input);
    amount = parsed.success ? parsed.data : null;
    if (cache.size < 10_000) cache.set(input, amount);
  }
  if (amount === null) {
    problems.push(
      `'${column}' must be a number from ${CATALOG_LIMITS.priceMin} to ${CATALOG_LIMITS.priceMax} with at most 3 decimals`,
    );
    return '0.000';
  }
  return amount;
}

function quantity(problems: Problems, value: string | undefined, column: string, fallback: number) {
  const v = (value ?? '').trim();
  if (v === '') return fallback;
  const n = Number(v);
  if (
    !Number.isInteger(n) ||
    n < MODIFIER_GROUP_LIMITS.quantityMin ||
    n > MODIFIER_GROUP_LIMITS.quantityMax
  ) {
    problems.push(
      `'${column}' must be a whole number from ${MODIFIER_GROUP_LIMITS.quantityMin} to ${MODIFIER_GROUP_LIMITS.quantityMax}`,
    );
    return fallback;
  }
  return n;
}

const localized = (en: string, ar?: string, es?: string): LocalizedText => ({
  fieldValue: en,
  en,
  ...(ar ? { ar } : {}),
  ...(es ? { es } : {}),
});

function isBlank(row: SheetRow): boolean {
  for (const key in row.cells) if (row.cells[key] !== '') return false;
  return true;
}

/**
 * The data rows of a sheet, each blank row between filled ones reported (§5: 'empty
 * spreadsheet rows cause reporting errors'): a row kept with empty cells, and a row the writer
 * left out of the file (an empty line between two filled rows, which spreadsheet programs do
 * not store). Blank rows at the end are ignored.
 */
function dataRows(rows: SheetRow[] | null, kind: BulkUploadKind, errors: string[]) {
  if (!rows) return { filled: [] as SheetRow[], blank: 0 };
  let last = rows.length - 1;
  while (last >= 0 && isBlank(rows[last]!)) last--;
  const filled: SheetRow[] = [];
  let blank = 0;
  const empty = (row: number) => {
    blank++;
    errors.push(`${label(kind)} row ${row}: the row is empty`);
  };
  let previous: number | null = null;
  for (const row of rows.slice(0, last + 1)) {
    if (previous !== null) for (let gap = previous + 1; gap < row.row; gap++) empty(gap);
    previous = row.row;
    if (isBlank(row)) empty(row.row);
    else filled.push(row);
  }
  return { filled, blank };
}

const rowList = (rows: SheetRow[]) =>
  rows.length === 1 ? `row ${rows[0]!.row}` : `rows ${rows.map((r) => r.row).join(', ')}`;

/** The rows of one item (the same section and title) and what was decided for them. */
type ItemRows = {
  rows: SheetRow[];
  outcome: 'open' | 'added' | 'skipped' | 'failed';
  error?: string;
};

const itemKey = (row: SheetRow) =>
  `${nameKey(row.cells.section ?? '')}\u0000${nameKey(row.cells.title ?? '')}`;

/**
 * Decides what an upload adds, by the rules of menu-management §5 and §9 (the same bounds as
 * the editors). An entity is added only when all its rows are valid; an entity already in the
 * menu under the same name (a section under the same parent, an item in the same section, a
 * modifier group) is left as it is and neither added nor failed. Every refusal becomes one
 * line of `errorMessage` naming the sheet and its rows.
 *
 * Each sheet is planned whole, in the order sections, modifier groups, items (items name the
 * other two); an item is decided over all its rows, wherever they stand in the sheet.
 */
export class ImportPlanner {
  private readonly errors = {
    sections: [] as string[],
    groups: [] as string[],
    items: [] as string[],
  };
  private readonly result: BulkUploadResult = {
    categoriesFound: 0,
    itemsFound: 0,
    modifiersFound: 0,
    categoriesFailed: 0,
    itemsFailed: 0,
    modifiersFailed: 0,
    categoriesAdded: 0,
    itemsAdded: 0,
    modifiersAdded: 0,
    errorMessage: null,
  };
  private readonly prices: PriceCache = new Map();
  private readonly groupCells = new Map<string, { ids: string[]; problems: string[] }>();
  private readonly sectionsByName = new Map<string, KnownSection[]>();
  private readonly groupsByName: Map<string, { id: string; failed?: true }>;
  private readonly itemKeys: Set<string>;
  /** New rows go after the ones already there, in the order of the sheet. */
  private readonly nextPosition = new Map<string, number>();
  private readonly items = new Map<string, ItemRows>();
  private blankItems = 0;

  constructor(existing: ExistingMenu) {
    const byId = new Map(existing.sections.map((s) => [s.id, s]));
    const levelOf = (id: string | null): number => {
      let level = 0;
      let cur = id ? byId.get(id) : undefined;
      while (cur?.parentId && level < 50) {
        level++;
        cur = byId.get(cur.parentId);
      }
      return level;
    };
    for (const s of existing.sections) {
      const k = nameKey(s.title.fieldValue);
      this.sectionsByName.set(k, [
        ...(this.sectionsByName.get(k) ?? []),
        { id: s.id, parentId: s.parentId, level: levelOf(s.id) },
      ]);
    }
    for (const s of existing.sections) this.reserve(`section:${s.parentId ?? ''}`, s.position);
    for (const i of existing.items) this.reserve(`item:${i.categoryId}`, i.position);
    this.groupsByName = new Map(
      existing.modifierGroups.map((g) => [nameKey(g.name), { id: g.id }]),
    );
    this.itemKeys = new Set(
      existing.items.map((i) => `${i.categoryId}\u0000${nameKey(i.title.fieldValue)}`),
    );
  }

  private take(key: string) {
    const n = this.nextPosition.get(key) ?? 0;
    this.nextPosition.set(key, n + 1);
    return n;
  }

  private reserve(key: string, position: number) {
    this.nextPosition.set(key, Math.max(this.nextPosition.get(key) ?? 0, position + 1));
  }

  /** The Sections sheet (null: none), whole; before any item row. */
  planSections(rows: SheetRow[] | null): PlannedSection[] {
    const { result, sectionsByName } = this;
    const errors = this.errors.sections;
    const S = BULK_UPLOAD_TEMPLATE.sections.columns;
    const sectionRows = dataRows(rows, 'sections', errors);
    result.categoriesFound = sectionRows.filled.length + sectionRows.blank;
    result.categoriesFailed = sectionRows.blank;
    const plannedSections: PlannedSection[] = [];
    const seenInSheet = new Map<string, number>();
    for (const row of sectionRows.filled) {
      const problems: Problems = [];
      const title = text(
        problems,
        row.cells.title,
        S.title,
        CATALOG_LIMITS.categoryTitleMin,
        CATALOG_LIMITS.categoryTitleMax,
      );
      const description = text(
        problems,
        row.cells.description,
        S.description,
        0,
        CATALOG_LIMITS.categoryDescriptionMax,
      );
      const ar = text(problems, row.cells.titleAr, S.titleAr, 0, CATALOG_LIMITS.categoryTitleMax);
      const es = text(problems, row.cells.titleEs, S.titleEs, 0, CATALOG_LIMITS.categoryTitleMax);
      const parentName = (row.cells.parent ?? '').trim();
      const key = nameKey(title);
      let parent: KnownSection | null = null;
      if (parentName !== '') {
        const candidates = sectionsByName.get(nameKey(parentName)) ?? [];
        if (candidates.length === 0)
          problems.push(
            `parent section ${quoted(parentName)} is not in the menu nor above in the sheet`,
          );
        else if (candidates.some((c) => c.failed))
          problems.push(`parent section ${quoted(parentName)} was refused`);
        else if (candidates.length > 1)
          problems.push(`more than one section is named ${quoted(parentName)}`);
        else parent = candidates[0]!;
        if (parent && parent.level + 1 > CATALOG_LIMITS.maxSectionLevel)
          problems.push(
            `${quoted(parentName)} is too deep to hold sections (at most ${CATALOG_LIMITS.maxSectionLevel + 1} levels)`,
          );
      }
      if (title !== '' && seenInSheet.has(key))
        problems.push(`the section is listed already in row ${seenInSheet.get(key)}`);
      if (title !== '') seenInSheet.set(key, row.row);
      const same = sectionsByName.get(key) ?? [];
      if (problems.length === 0 && same.length > 0) {
        if (same.some((s) => s.parentId === (parent?.id ?? null))) continue;
        problems.push(
          `a section named ${quoted(title)} is already in the menu under another parent`,
        );
      }
      if (problems.length > 0) {
        result.categoriesFailed++;
        errors.push(`${label('sections')} row ${row.row}: ${problems.join('; ')}`);
        if (title !== '' && same.length === 0)
          sectionsByName.set(key, [{ id: '', parentId: null, level: 0, failed: true }]);
        continue;
      }
      const id = randomUUID();
      const parentId = parent?.id ?? null;
      plannedSections.push({
        id,
        parentId,
        title: localized(title, ar, es),
        description: description ? localized(description) : null,
        position: this.take(`section:${parentId ?? ''}`),
      });
      sectionsByName.set(key, [{ id, parentId, level: parent ? parent.level + 1 : 0 }]);
      result.categoriesAdded++;
    }
    return plannedSections;
  }

  /** The Modifier groups sheet (null: none), whole; the rows of one name make one group. */
  planGroups(rows: SheetRow[] | null): PlannedGroup[] {
    const { result, groupsByName, prices } = this;
    const errors = this.errors.groups;
    const M = BULK_UPLOAD_TEMPLATE.modifierGroups.columns;
    const groupRows = dataRows(rows, 'modifierGroups', errors);
    const plannedGroups: PlannedGroup[] = [];
    const byGroup = new Map<string, SheetRow[]>();
    for (const row of groupRows.filled) {
      const k = nameKey(row.cells.name ?? '');
      const list = byGroup.get(k);
      if (list) list.push(row);
      else byGroup.set(k, [row]);
    }
    result.modifiersFound = byGroup.size + groupRows.blank;
    result.modifiersFailed = groupRows.blank;
    for (const [key, rows] of byGroup) {
      const first = rows[0]!;
      const problems: Problems = [];
      const name = text(problems, first.cells.name, M.name, 1, MODIFIER_GROUP_LIMITS.nameMax);
      const nameAr = text(
        problems,
        first.cells.nameAr,
        M.nameAr,
        0,
        MODIFIER_GROUP_LIMITS.titleMax,
      );
      if (key !== '' && groupsByName.has(key)) continue;
      if (rows.length > MODIFIER_GROUP_LIMITS.maxItems)
        problems.push(`more than ${MODIFIER_GROUP_LIMITS.maxItems} modifier items`);
      const max = quantity(
        problems,
        first.cells.max,
        M.max,
        Math.min(rows.length, MODIFIER_GROUP_LIMITS.quantityMax),
      );
      const min = quantity(problems, first.cells.min, M.min, 0);
      if (min > max) problems.push(`'${M.min}' is more than '${M.max}'`);
      const choices = rows.map((row, position) => {
        const rowProblems: Problems = [];
        const title = text(
          rowProblems,
          row.cells.modifier,
          M.modifier,
          1,
          MODIFIER_GROUP_LIMITS.itemTextMax,
        );
        const ar = text(
          rowProblems,
          row.cells.modifierAr,
          M.modifierAr,
          0,
          MODIFIER_GROUP_LIMITS.itemTextMax,
        );
        const amount = price(prices, rowProblems, row.cells.price, M.price);
        // The row is named once: by the message's start when the group has one row.
        if (rowProblems.length > 0)
          problems.push(
            rows.length > 1 ? `row ${row.row}: ${rowProblems.join(', ')}` : rowProblems.join(', '),
          );
        return { title: localized(title, ar), price: amount, position };
      });
      if (problems.length > 0) {
        result.modifiersFailed++;
        errors.push(
          `${label('modifierGroups')} ${rowList(rows)}${name ? ` (${quoted(name)})` : ''}: ${problems.join('; ')}`,
        );
        if (key !== '') groupsByName.set(key, { id: '', failed: true });
        continue;
      }
      const id = randomUUID();
      plannedGroups.push({
        id,
        name,
        title: localized(name, nameAr),
        minQuantity: min,
        maxQuantity: max,
        choices,
      });
      groupsByName.set(key, { id });
      result.modifiersAdded++;
    }
    return plannedGroups;
  }

  /**
   * The Items sheet (null: none), whole, after both other sheets: the rows of one section and
   * title make one item, one variant a row, in the order of its first row. `turn`, when given,
   * is awaited every few hundred items (the event loop's turn on an embedded database).
   */
  async planItems(rows: SheetRow[] | null, turn?: () => Promise<void>): Promise<PlannedItem[]> {
    const { filled, blank } = dataRows(rows, 'items', this.errors.items);
    this.blankItems = blank;
    for (const row of filled) {
      const key = itemKey(row);
      const item = this.items.get(key);
      if (item) item.rows.push(row);
      else this.items.set(key, { rows: [row], outcome: 'open' });
    }
    const planned: PlannedItem[] = [];
    let decided = 0;
    for (const item of this.items.values()) {
      const added = this.decide(item);
      if (added) planned.push(added);
      if (turn && ++decided % ITEMS_PER_TURN === 0) await turn();
    }
    return planned;
  }

  /** What the import found, added and refused (after `planItems`). */
  outcome(): BulkUploadResult {
    const result = { ...this.result };
    const itemErrors: string[] = [];
    let added = 0;
    let failed = 0;
    for (const rows of this.items.values()) {
      if (rows.outcome === 'added') added++;
      if (rows.outcome === 'failed') {
        failed++;
        itemErrors.push(rows.error!);
      }
    }
    result.itemsFound = this.items.size + this.blankItems;
    result.itemsFailed = failed + this.blankItems;
    result.itemsAdded = added;
    const errors = [
      ...this.errors.sections,
      ...this.errors.groups,
      ...this.errors.items,
      ...itemErrors,
    ];
    result.errorMessage = errors.length > 0 ? errors.join('\n') : null;
    return result;
  }

  /**
   * The modifier groups a cell names (comma-separated), and what is wrong with them; by the
   * cell's text, as a menu names the same few groups over thousands of rows.
   */
  private namedGroups(cell: string): { ids: string[]; problems: string[] } {
    let named = this.groupCells.get(cell);
    if (named) return named;
    named = { ids: [], problems: [] };
    for (const part of cell.split(',')) {
      const groupName = part.trim();
      if (groupName === '') continue;
      const group = this.groupsByName.get(nameKey(groupName));
      if (!group)
        named.problems.push(
          `modifier group ${quoted(groupName)} is not in the menu nor in the Modifier groups sheet`,
        );
      else if (group.failed) named.problems.push(`modifier group ${quoted(groupName)} was refused`);
      else if (!named.ids.includes(group.id)) named.ids.push(group.id);
    }
    if (this.groupCells.size < 10_000) this.groupCells.set(cell, named);
    return named;
  }

  /** Decides one item over its rows; returns it when it is added. */
  private decide(state: ItemRows): PlannedItem | null {
    const { rows } = state;
    const I = BULK_UPLOAD_TEMPLATE.items.columns;
    const first = rows[0]!;
    const problems: Problems = [];
    const title = text(
      problems,
      first.cells.title,
      I.title,
      CATALOG_LIMITS.itemTitleMin,
      CATALOG_LIMITS.itemTitleMax,
    );
    const ar = text(problems, first.cells.titleAr, I.titleAr, 0, CATALOG_LIMITS.itemTitleMax);
    const es = text(problems, first.cells.titleEs, I.titleEs, 0, CATALOG_LIMITS.itemTitleMax);
    const describedRow = rows.find((r) => (r.cells.description ?? '') !== '') ?? first;
    const description = text(
      problems,
      describedRow.cells.description,
      I.description,
      0,
      CATALOG_LIMITS.itemDescriptionMax,
    );
    const sectionName = (first.cells.section ?? '').trim();
    let sectionId: string | null = null;
    const candidates = sectionName ? (this.sectionsByName.get(nameKey(sectionName)) ?? []) : [];
    if (sectionName === '') problems.push(`'${I.section}' is required`);
    else if (candidates.length === 0)
      problems.push(`section ${quoted(sectionName)} is not in the menu nor in the Sections sheet`);
    else if (candidates.some((c) => c.failed))
      problems.push(`section ${quoted(sectionName)} was refused`);
    else if (candidates.length > 1)
      problems.push(`more than one section is named ${quoted(sectionName)}`);
    else sectionId = candidates[0]!.id;

    const several = rows.length > 1;
    const variants = rows.map((row, position) => {
      const rowProblems: Problems = [];
      const variantTitle = text(
        rowProblems,
        row.cells.variant,
        I.variant,
        several ? 1 : 0,
        CATALOG_LIMITS.variantTitleMax,
      );
      const amount = price(this.prices, rowProblems, row.cells.price, I.price);
      // The row is named once: by the message's start when the item has one row.
      if (rowProblems.length > 0)
        problems.push(
          several ? `row ${row.row}: ${rowProblems.join(', ')}` : rowProblems.join(', '),
        );
      return { title: localized(variantTitle), price: amount, position };
    });
    const groupIds: string[] = [];
    for (const row of rows) {
      const named = this.namedGroups(row.cells.modifierGroups ?? '');
      problems.push(...named.problems);
      for (const id of named.ids) if (!groupIds.includes(id)) groupIds.push(id);
    }
    if (
      problems.length === 0 &&
      sectionId &&
      this.itemKeys.has(`${sectionId}\u0000${nameKey(title)}`)
    ) {
      state.outcome = 'skipped';
      return null;
    }
    if (problems.length > 0 || !sectionId) {
      state.outcome = 'failed';
      state.error = `${label('items')} ${rowList(rows)}${title ? ` (${quoted(title)})` : ''}: ${problems.join('; ')}`;
      return null;
    }
    state.outcome = 'added';
    return {
      id: randomUUID(),
      categoryId: sectionId,
      title: localized(title, ar, es),
      description: description ? localized(description) : null,
      position: this.take(`item:${sectionId}`),
      variants,
      groupIds,
    };
  }
}

type KnownSection = { id: string; parentId: string | null; level: number; failed?: true };
