import { randomUUID } from 'node:crypto';
import {
  BULK_UPLOAD_TEMPLATE,
  CATALOG_LIMITS,
  MODIFIER_GROUP_LIMITS,
  Money,
  isStorableText,
  localize,
  type BulkUploadKind,
  type BulkUploadResult,
  type LocalizedText,
} from '@app/contracts';
import type { SheetRow } from './sheet-reader.ts';

/**
 * The tenant's menu as the import matches names and ids against it: every section, item and
 * modifier group, and the variants, links and modifier items of those the sheets name by id.
 */
export type ExistingMenu = {
  sections: {
    id: string;
    parentId: string | null;
    title: LocalizedText;
    description: LocalizedText | null;
    position: number;
  }[];
  items: {
    id: string;
    categoryId: string;
    title: LocalizedText;
    description: LocalizedText | null;
    position: number;
  }[];
  modifierGroups: {
    id: string;
    name: string;
    title: LocalizedText;
    minQuantity: number;
    maxQuantity: number;
  }[];
  variants: { id: string; itemId: string; title: LocalizedText; price: string; position: number }[];
  links: { itemId: string; groupId: string; position: number }[];
  choices: { id: string; groupId: string; title: LocalizedText; price: string; position: number }[];
};

/** What rows with ids change in the menu (only what differs from it), written after the adds. */
export type PlannedUpdates = {
  sections: { id: string; title: LocalizedText; description: LocalizedText | null }[];
  groups: {
    id: string;
    name: string;
    title: LocalizedText;
    minQuantity: number;
    maxQuantity: number;
  }[];
  choices: { id: string; title: LocalizedText; price: string }[];
  newChoices: { groupId: string; title: LocalizedText; price: string; position: number }[];
  items: {
    id: string;
    categoryId: string;
    title: LocalizedText;
    description: LocalizedText | null;
    position: number;
  }[];
  variants: { id: string; title: LocalizedText; price: string }[];
  newVariants: { itemId: string; title: LocalizedText; price: string; position: number }[];
  /** Items whose modifier groups are replaced by these, in this order. */
  links: { itemId: string; groupIds: string[] }[];
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

/** An id cell's text, lower case ('' when the column is absent or the cell empty). */
const idIn = (cell: string | undefined) => (cell ?? '').trim().toLowerCase();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The ids a workbook's rows name (what the import loads details of before planning). */
export function idsNamed(rows: SheetRow[] | null, column: string): string[] {
  const ids = new Set<string>();
  for (const row of rows ?? []) {
    const id = idIn(row.cells[column]);
    if (UUID.test(id)) ids.add(id);
  }
  return [...ids];
}

/** A stored text's English value (as the admin shows it in English), as the upload writes it. */
export const english = (text: LocalizedText | null | undefined) =>
  text ? localize(text, 'en').trim() : '';

/** The same texts, compared as a person reads them (English, Arabic, Spanish; trimmed). */
function sameText(a: LocalizedText | null, b: LocalizedText | null): boolean {
  return (
    english(a) === english(b) &&
    (a?.ar ?? '').trim() === (b?.ar ?? '').trim() &&
    (a?.es ?? '').trim() === (b?.es ?? '').trim()
  );
}

/**
 * A stored text with the sheet's cells: the English value, and each translation whose column
 * the sheet has (`undefined`: no such column, kept; empty: removed).
 */
function edited(
  stored: LocalizedText | null,
  en: string,
  translations: { ar?: string | undefined; es?: string | undefined } = {},
): LocalizedText | null {
  const next: LocalizedText = { ...(stored ?? { fieldValue: '' }), fieldValue: en, en };
  for (const lang of ['ar', 'es'] as const) {
    const value = translations[lang];
    if (value === undefined) continue;
    if (value === '') delete next[lang];
    else next[lang] = value;
  }
  if (en === '') {
    delete next.en;
    if (!next.ar && !next.es) return null;
  }
  return next;
}

/** Prices of at most 3 decimals ('2.5', '2.500') compare by their value. */
const samePrice = (a: string, b: string) => Number(a) === Number(b);

/** A cell of a column the sheet may lack: its text, or `undefined` without the column. */
const present = (problems: Problems, cell: string | undefined, column: string, max: number) =>
  cell === undefined ? undefined : text(problems, cell, column, 0, max);

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

/** The rows of one item and what was decided for them. */
type ItemRows = {
  rows: SheetRow[];
  /** The item's id when its rows name one. */
  id?: string;
  outcome: 'open' | 'added' | 'updated' | 'unchanged' | 'skipped' | 'failed';
  error?: string;
};

/** Rows of one entity: by the id a row names, else by its name (`nameOf`). */
function groupRows(
  rows: SheetRow[],
  nameOf: (row: SheetRow) => string,
): Map<string, { id?: string; rows: SheetRow[] }> {
  // A row without an id joins the rows of the same name that have one.
  const idByName = new Map<string, string>();
  for (const row of rows) {
    const id = idIn(row.cells.id);
    if (id && !idByName.has(nameOf(row))) idByName.set(nameOf(row), id);
  }
  const groups = new Map<string, { id?: string; rows: SheetRow[] }>();
  for (const row of rows) {
    let id = idIn(row.cells.id);
    let key: string;
    if (id) key = `id:${id}`;
    else {
      const name = nameOf(row);
      id = idByName.size > 0 ? (idByName.get(name) ?? '') : '';
      key = id ? `id:${id}` : `name:${name}`;
    }
    const group = groups.get(key);
    if (group) group.rows.push(row);
    else groups.set(key, { ...(id ? { id } : {}), rows: [row] });
  }
  return groups;
}

const itemName = (row: SheetRow) =>
  `${nameKey(row.cells.section ?? '')}\u0000${nameKey(row.cells.title ?? '')}`;

const byPosition = <T extends { position: number }>(a: T, b: T) => a.position - b.position;

/**
 * Decides what an upload adds and updates, by the rules of menu-management §5 and §9 (the same
 * bounds as the editors). A row naming an id of this menu (the downloaded menu's rows) updates
 * that entry, only where its cells differ; a row without one adds, unless an entry of that
 * name is already in the menu (a section under the same parent, an item in the same section,
 * a modifier group), which is left as it is. An entity is added or updated only when all its
 * rows are valid. Every refusal becomes one line of `errorMessage` naming the sheet and rows.
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
    categoriesUpdated: 0,
    itemsUpdated: 0,
    modifiersUpdated: 0,
    sheetsIgnored: [],
    errorMessage: null,
  };
  /** What rows with ids change; written after the adds. */
  readonly updates: PlannedUpdates = {
    sections: [],
    groups: [],
    choices: [],
    newChoices: [],
    items: [],
    variants: [],
    newVariants: [],
    links: [],
  };
  private readonly prices: PriceCache = new Map();
  private readonly groupCells = new Map<string, { ids: string[]; problems: string[] }>();
  private readonly sectionsByName = new Map<string, KnownSection[]>();
  private readonly groupsByName: Map<string, { id: string; failed?: true }>;
  /** Items by section and name, to their id. */
  private readonly itemIds: Map<string, string>;
  private readonly menu: {
    sections: Map<string, ExistingMenu['sections'][number]>;
    items: Map<string, ExistingMenu['items'][number]>;
    groups: Map<string, ExistingMenu['modifierGroups'][number]>;
    variants: Map<string, ExistingMenu['variants']>;
    links: Map<string, string[]>;
    choices: Map<string, ExistingMenu['choices']>;
  };
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
      const k = nameKey(english(s.title));
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
    this.itemIds = new Map(
      existing.items.map((i) => [`${i.categoryId}\u0000${nameKey(english(i.title))}`, i.id]),
    );
    const listed = <T, K extends string>(rows: T[], key: (row: T) => K) => {
      const map = new Map<K, T[]>();
      for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
      return map;
    };
    this.menu = {
      sections: byId,
      items: new Map(existing.items.map((i) => [i.id, i])),
      groups: new Map(existing.modifierGroups.map((g) => [g.id, g])),
      variants: listed(existing.variants, (v) => v.itemId),
      links: new Map(
        [...listed(existing.links, (l) => l.itemId)].map(([itemId, links]) => [
          itemId,
          links.sort(byPosition).map((l) => l.groupId),
        ]),
      ),
      choices: listed(existing.choices, (c) => c.groupId),
    };
  }

  private take(key: string) {
    const n = this.nextPosition.get(key) ?? 0;
    this.nextPosition.set(key, n + 1);
    return n;
  }

  private reserve(key: string, position: number) {
    this.nextPosition.set(key, Math.max(this.nextPosition.get(key) ?? 0, position + 1));
  }

  /** Sheets of the file that are not the template's (reported in the result). */
  ignoreSheets(names: string[]) {
    this.result.sheetsIgnored = names;
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
      const description = present(
        problems,
        row.cells.description,
        S.description,
        CATALOG_LIMITS.categoryDescriptionMax,
      );
      const ar = present(problems, row.cells.titleAr, S.titleAr, CATALOG_LIMITS.categoryTitleMax);
      const es = present(problems, row.cells.titleEs, S.titleEs, CATALOG_LIMITS.categoryTitleMax);
      const id = idIn(row.cells.id);
      const target = id ? this.menu.sections.get(id) : undefined;
      if (id && !target) problems.push(`'${S.id}' ${quoted(id)} is not a section of this menu`);
      const parentName = (row.cells.parent ?? '').trim();
      const key = nameKey(title);
      let parent: KnownSection | null = null;
      if (parentName !== '') {
        const candidates = sectionsByName.get(nameKey(parentName)) ?? [];
        const current = target && candidates.find((c) => c.id === target.parentId);
        if (current) parent = current;
        else if (candidates.length === 0)
          problems.push(
            `parent section ${quoted(parentName)} is not in the menu nor above in the sheet`,
          );
        else if (candidates.some((c) => c.failed))
          problems.push(`parent section ${quoted(parentName)} was refused`);
        else if (candidates.length > 1)
          problems.push(`more than one section is named ${quoted(parentName)}`);
        else parent = candidates[0]!;
        if (!target && parent && parent.level + 1 > CATALOG_LIMITS.maxSectionLevel)
          problems.push(
            `${quoted(parentName)} is too deep to hold sections (at most ${CATALOG_LIMITS.maxSectionLevel + 1} levels)`,
          );
      }
      if (title !== '' && seenInSheet.has(key))
        problems.push(`the section is listed already in row ${seenInSheet.get(key)}`);
      if (title !== '') seenInSheet.set(key, row.row);
      const same = sectionsByName.get(key) ?? [];
      if (target) {
        this.updateSection(row, target, { title, description, ar, es }, parent, problems);
        continue;
      }
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
      const newId = randomUUID();
      const parentId = parent?.id ?? null;
      plannedSections.push({
        id: newId,
        parentId,
        title: localized(title, ar, es),
        description: description ? localized(description) : null,
        position: this.take(`section:${parentId ?? ''}`),
      });
      sectionsByName.set(key, [{ id: newId, parentId, level: parent ? parent.level + 1 : 0 }]);
      result.categoriesAdded++;
    }
    return plannedSections;
  }

  /** A Sections row naming a section of the menu by id: its texts updated where they differ. */
  private updateSection(
    row: SheetRow,
    target: ExistingMenu['sections'][number],
    cells: { title: string; description?: string; ar?: string; es?: string },
    parent: KnownSection | null,
    problems: Problems,
  ) {
    const S = BULK_UPLOAD_TEMPLATE.sections.columns;
    const key = nameKey(cells.title);
    if ((parent?.id ?? null) !== target.parentId)
      problems.push(
        `'${S.parent}' is not the section's parent (move sections on the Arrange page)`,
      );
    const named = this.sectionsByName.get(key) ?? [];
    if (cells.title !== '' && named.some((s) => s.id !== target.id))
      problems.push(`a section named ${quoted(cells.title)} is already in the menu`);
    if (problems.length > 0) {
      this.result.categoriesFailed++;
      this.errors.sections.push(`${label('sections')} row ${row.row}: ${problems.join('; ')}`);
      return;
    }
    const title = edited(target.title, cells.title, { ar: cells.ar, es: cells.es })!;
    const description =
      cells.description === undefined
        ? target.description
        : edited(target.description, cells.description);
    if (!sameText(title, target.title) || !sameText(description, target.description)) {
      this.updates.sections.push({ id: target.id, title, description });
      this.result.categoriesUpdated++;
    }
    // The section is known by its new name from here on.
    const oldKey = nameKey(english(target.title));
    if (oldKey !== key) {
      const known = this.sectionsByName.get(oldKey) ?? [];
      const entry = known.find((s) => s.id === target.id);
      this.sectionsByName.set(
        oldKey,
        known.filter((s) => s.id !== target.id),
      );
      if (entry) this.sectionsByName.set(key, [...named, entry]);
    }
  }

  /** The Modifier groups sheet (null: none), whole; the rows of one name or id make one group. */
  planGroups(rows: SheetRow[] | null): PlannedGroup[] {
    const { result, groupsByName } = this;
    const errors = this.errors.groups;
    const M = BULK_UPLOAD_TEMPLATE.modifierGroups.columns;
    const sheet = dataRows(rows, 'modifierGroups', errors);
    const plannedGroups: PlannedGroup[] = [];
    const byGroup = groupRows(sheet.filled, (row) => nameKey(row.cells.name ?? ''));
    result.modifiersFound = byGroup.size + sheet.blank;
    result.modifiersFailed = sheet.blank;
    for (const { id, rows } of byGroup.values()) {
      const first = rows[0]!;
      const key = nameKey(first.cells.name ?? '');
      const problems: Problems = [];
      const name = text(problems, first.cells.name, M.name, 1, MODIFIER_GROUP_LIMITS.nameMax);
      const nameAr = present(
        problems,
        (rows.find((r) => (r.cells.nameAr ?? '') !== '') ?? first).cells.nameAr,
        M.nameAr,
        MODIFIER_GROUP_LIMITS.titleMax,
      );
      if (id) {
        this.updateGroup(id, rows, name, nameAr, problems);
        continue;
      }
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
        const choice = this.choiceCells(row, rows.length, problems);
        return { title: localized(choice.title, choice.ar), price: choice.price, position };
      });
      if (problems.length > 0) {
        this.refuseGroup(rows, name, problems);
        if (key !== '') groupsByName.set(key, { id: '', failed: true });
        continue;
      }
      const newId = randomUUID();
      plannedGroups.push({
        id: newId,
        name,
        title: localized(name, nameAr),
        minQuantity: min,
        maxQuantity: max,
        choices,
      });
      groupsByName.set(key, { id: newId });
      result.modifiersAdded++;
    }
    return plannedGroups;
  }

  /** A modifier group row's item: its texts and price (its problems added to the group's). */
  private choiceCells(row: SheetRow, rowsOfGroup: number, problems: Problems) {
    const M = BULK_UPLOAD_TEMPLATE.modifierGroups.columns;
    const rowProblems: Problems = [];
    const title = text(
      rowProblems,
      row.cells.modifier,
      M.modifier,
      1,
      MODIFIER_GROUP_LIMITS.itemTextMax,
    );
    const ar = present(
      rowProblems,
      row.cells.modifierAr,
      M.modifierAr,
      MODIFIER_GROUP_LIMITS.itemTextMax,
    );
    const amount = price(this.prices, rowProblems, row.cells.price, M.price);
    // The row is named once: by the message's start when the group has one row.
    if (rowProblems.length > 0)
      problems.push(
        rowsOfGroup > 1 ? `row ${row.row}: ${rowProblems.join(', ')}` : rowProblems.join(', '),
      );
    return { title, ar, price: amount };
  }

  private refuseGroup(rows: SheetRow[], name: string, problems: Problems) {
    this.result.modifiersFailed++;
    this.errors.groups.push(
      `${label('modifierGroups')} ${rowList(rows)}${name ? ` (${quoted(name)})` : ''}: ${problems.join('; ')}`,
    );
  }

  /**
   * Rows naming a modifier group of the menu by id: its name, quantities and modifier items
   * updated where they differ (a row naming a modifier item by id updates it, one without adds
   * it at the end; items not in the sheet are kept).
   */
  private updateGroup(
    id: string,
    rows: SheetRow[],
    name: string,
    nameAr: string | undefined,
    problems: Problems,
  ) {
    const M = BULK_UPLOAD_TEMPLATE.modifierGroups.columns;
    const target = this.menu.groups.get(id);
    if (!target) {
      problems.push(`'${M.id}' ${quoted(id)} is not a modifier group of this menu`);
      this.refuseGroup(rows, name, problems);
      return;
    }
    const first = rows[0]!;
    const key = nameKey(name);
    const named = this.groupsByName.get(key);
    if (name !== '' && named && named.id !== target.id)
      problems.push(`a modifier group named ${quoted(name)} is already in the menu`);
    const stored = this.menu.choices.get(target.id) ?? [];
    const storedById = new Map(stored.map((c) => [c.id, c]));
    const seen = new Set<string>();
    const changed: PlannedUpdates['choices'] = [];
    const added: PlannedUpdates['newChoices'] = [];
    let position = Math.max(-1, ...stored.map((c) => c.position)) + 1;
    for (const row of rows) {
      const choice = this.choiceCells(row, rows.length, problems);
      const choiceId = idIn(row.cells.modifierId);
      if (choiceId === '') {
        added.push({
          groupId: target.id,
          title: localized(choice.title, choice.ar),
          price: choice.price,
          position: position++,
        });
        continue;
      }
      const was = storedById.get(choiceId);
      if (!was || seen.has(choiceId)) {
        problems.push(
          `row ${row.row}: '${M.modifierId}' ${quoted(choiceId)} is ${was ? 'listed twice' : 'not an item of this group'}`,
        );
        continue;
      }
      seen.add(choiceId);
      const title = edited(was.title, choice.title, { ar: choice.ar })!;
      if (!sameText(title, was.title) || !samePrice(choice.price, was.price))
        changed.push({ id: was.id, title, price: choice.price });
    }
    if (stored.length + added.length > MODIFIER_GROUP_LIMITS.maxItems)
      problems.push(`more than ${MODIFIER_GROUP_LIMITS.maxItems} modifier items`);
    // An empty Min or Max keeps the group's.
    const max = quantity(problems, first.cells.max, M.max, target.maxQuantity);
    const min = quantity(problems, first.cells.min, M.min, target.minQuantity);
    if (min > max) problems.push(`'${M.min}' is more than '${M.max}'`);
    if (problems.length > 0) {
      this.refuseGroup(rows, name, problems);
      return;
    }
    // The title follows a new name; an unchanged name keeps the title's own English.
    const renamed = name !== target.name.trim();
    const title = edited(target.title, renamed ? name : english(target.title), { ar: nameAr })!;
    const groupChanged =
      renamed ||
      !sameText(title, target.title) ||
      min !== target.minQuantity ||
      max !== target.maxQuantity;
    if (groupChanged)
      this.updates.groups.push({ id: target.id, name, title, minQuantity: min, maxQuantity: max });
    this.updates.choices.push(...changed);
    this.updates.newChoices.push(...added);
    if (groupChanged || changed.length > 0 || added.length > 0) this.result.modifiersUpdated++;
    const oldKey = nameKey(target.name);
    if (oldKey !== key) {
      if (this.groupsByName.get(oldKey)?.id === target.id) this.groupsByName.delete(oldKey);
      this.groupsByName.set(key, { id: target.id });
    }
  }

  /**
   * The Items sheet (null: none), whole, after both other sheets: the rows of one item id, or
   * else of one section and title, make one item, one variant a row, in the order of its first
   * row. `turn`, when given, is awaited every few hundred items (the event loop's turn on an
   * embedded database).
   */
  async planItems(rows: SheetRow[] | null, turn?: () => Promise<void>): Promise<PlannedItem[]> {
    const { filled, blank } = dataRows(rows, 'items', this.errors.items);
    this.blankItems = blank;
    for (const [key, item] of groupRows(filled, itemName))
      this.items.set(key, { ...item, outcome: 'open' });
    const planned: PlannedItem[] = [];
    let decided = 0;
    for (const item of this.items.values()) {
      const added = this.decide(item);
      if (added) planned.push(added);
      if (turn && ++decided % ITEMS_PER_TURN === 0) await turn();
    }
    return planned;
  }

  /** What the import found, added, updated and refused (after `planItems`). */
  outcome(): BulkUploadResult {
    const result = { ...this.result };
    const itemErrors: string[] = [];
    let added = 0;
    let updated = 0;
    let failed = 0;
    for (const rows of this.items.values()) {
      if (rows.outcome === 'added') added++;
      if (rows.outcome === 'updated') updated++;
      if (rows.outcome === 'failed') {
        failed++;
        itemErrors.push(rows.error!);
      }
    }
    result.itemsFound = this.items.size + this.blankItems;
    result.itemsFailed = failed + this.blankItems;
    result.itemsAdded = added;
    result.itemsUpdated = updated;
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

  /**
   * The modifier groups an item's rows name. An item of the menu keeps a linked group that
   * shares its name with another group (names cannot tell the two apart).
   */
  private itemGroups(rows: SheetRow[], linked: string[], problems: Problems): string[] {
    const linkedByName = new Map<string, string>();
    for (const groupId of linked) {
      const group = this.menu.groups.get(groupId);
      if (group) linkedByName.set(nameKey(group.name), groupId);
    }
    const ids: string[] = [];
    for (const row of rows) {
      const cell = row.cells.modifierGroups ?? '';
      const named = this.namedGroups(cell);
      problems.push(...named.problems);
      const chosen =
        linkedByName.size === 0
          ? named.ids
          : cell
              .split(',')
              .map((part) => nameKey(part))
              .filter((k) => k !== '')
              .map((k) => linkedByName.get(k) ?? this.groupsByName.get(k)?.id ?? '');
      for (const id of chosen) if (id && !ids.includes(id)) ids.push(id);
    }
    return ids;
  }

  /** Decides one item over its rows; returns it when it is added. */
  private decide(state: ItemRows): PlannedItem | null {
    const { rows } = state;
    const I = BULK_UPLOAD_TEMPLATE.items.columns;
    const first = rows[0]!;
    const problems: Problems = [];
    const target = state.id ? this.menu.items.get(state.id) : undefined;
    if (state.id && !target)
      problems.push(`'${I.id}' ${quoted(state.id)} is not an item of this menu`);
    const title = text(
      problems,
      first.cells.title,
      I.title,
      CATALOG_LIMITS.itemTitleMin,
      CATALOG_LIMITS.itemTitleMax,
    );
    // Translations and the description: the first row that has one.
    const filledIn = (key: string) => rows.find((r) => (r.cells[key] ?? '') !== '') ?? first;
    const ar = present(
      problems,
      filledIn('titleAr').cells.titleAr,
      I.titleAr,
      CATALOG_LIMITS.itemTitleMax,
    );
    const es = present(
      problems,
      filledIn('titleEs').cells.titleEs,
      I.titleEs,
      CATALOG_LIMITS.itemTitleMax,
    );
    const description = present(
      problems,
      filledIn('description').cells.description,
      I.description,
      CATALOG_LIMITS.itemDescriptionMax,
    );
    const sectionName = (first.cells.section ?? '').trim();
    let sectionId: string | null = null;
    const candidates = sectionName ? (this.sectionsByName.get(nameKey(sectionName)) ?? []) : [];
    if (sectionName === '') problems.push(`'${I.section}' is required`);
    else if (target && candidates.some((c) => c.id === target.categoryId))
      sectionId = target.categoryId;
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
      return { row, title: variantTitle, price: amount, position };
    });
    const linked = target ? (this.menu.links.get(target.id) ?? []) : [];
    const groupIds = this.itemGroups(rows, linked, problems);
    const sameName = sectionId
      ? this.itemIds.get(`${sectionId}\u0000${nameKey(title)}`)
      : undefined;
    if (target && sameName && sameName !== target.id)
      problems.push(`an item named ${quoted(title)} is already in that section`);
    if (!target && problems.length === 0 && sameName) {
      state.outcome = 'skipped';
      return null;
    }
    if (problems.length === 0 && target && sectionId) {
      const changed = this.updateItem(state, target, {
        sectionId,
        title,
        ar,
        es,
        description,
        variants,
        groupIds: first.cells.modifierGroups === undefined ? linked : groupIds,
        problems,
      });
      if (problems.length === 0) {
        state.outcome = changed ? 'updated' : 'unchanged';
        return null;
      }
    }
    if (problems.length > 0 || !sectionId || target) {
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
      variants: variants.map((v) => ({
        title: localized(v.title),
        price: v.price,
        position: v.position,
      })),
      groupIds,
    };
  }

  /**
   * An item of the menu named by id: what differs is planned (texts, section, variants by
   * their ids, new variants at the end, its modifier groups); returns whether anything does.
   * A variant id not of this item adds to `problems` and plans nothing.
   */
  private updateItem(
    state: ItemRows,
    target: ExistingMenu['items'][number],
    cells: {
      sectionId: string;
      title: string;
      ar: string | undefined;
      es: string | undefined;
      description: string | undefined;
      variants: { row: SheetRow; title: string; price: string }[];
      groupIds: string[];
      problems: Problems;
    },
  ): boolean {
    const I = BULK_UPLOAD_TEMPLATE.items.columns;
    const stored = this.menu.variants.get(target.id) ?? [];
    const storedById = new Map(stored.map((v) => [v.id, v]));
    const seen = new Set<string>();
    const changed: PlannedUpdates['variants'] = [];
    const added: PlannedUpdates['newVariants'] = [];
    let position = Math.max(-1, ...stored.map((v) => v.position)) + 1;
    for (const v of cells.variants) {
      const variantId = idIn(v.row.cells.variantId);
      if (variantId === '') {
        added.push({
          itemId: target.id,
          title: localized(v.title),
          price: v.price,
          position: position++,
        });
        continue;
      }
      const was = storedById.get(variantId);
      if (!was || seen.has(variantId)) {
        cells.problems.push(
          `${state.rows.length > 1 ? `row ${v.row.row}: ` : ''}'${I.variantId}' ${quoted(variantId)} is ${was ? 'listed twice' : 'not a variant of this item'}`,
        );
        continue;
      }
      seen.add(variantId);
      const title = edited(was.title, v.title) ?? { fieldValue: '' };
      if (!sameText(title, was.title) || !samePrice(v.price, was.price))
        changed.push({ id: was.id, title, price: v.price });
    }
    if (cells.problems.length > 0) return false;
    const title = edited(target.title, cells.title, { ar: cells.ar, es: cells.es })!;
    const description =
      cells.description === undefined
        ? target.description
        : edited(target.description, cells.description);
    const moved = cells.sectionId !== target.categoryId;
    const itemChanged =
      moved || !sameText(title, target.title) || !sameText(description, target.description);
    if (itemChanged)
      this.updates.items.push({
        id: target.id,
        categoryId: cells.sectionId,
        title,
        description,
        // Positions are kept; an item moved to another section goes after its items.
        position: moved ? this.take(`item:${cells.sectionId}`) : target.position,
      });
    this.updates.variants.push(...changed);
    this.updates.newVariants.push(...added);
    const linked = this.menu.links.get(target.id) ?? [];
    const linksChanged =
      linked.length !== cells.groupIds.length || linked.some((id, i) => cells.groupIds[i] !== id);
    if (linksChanged) this.updates.links.push({ itemId: target.id, groupIds: cells.groupIds });
    return itemChanged || changed.length > 0 || added.length > 0 || linksChanged;
  }
}

type KnownSection = { id: string; parentId: string | null; level: number; failed?: true };
