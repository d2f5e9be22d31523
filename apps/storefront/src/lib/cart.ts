import {
  TICKET_LIMITS,
  fromMilli,
  modifierGroupProblem,
  startingPrice,
  toMilli,
  unitPriceMilli,
  type CartItemInput,
  type PublicMenu,
} from '@app/contracts';

export type MenuSection = PublicMenu['sections'][number];
export type MenuItem = MenuSection['items'][number];
export type ModifierGroup = MenuItem['modifierGroups'][number];
/** Chosen modifier items of one cart line: modifierItemId → quantity. */
export type Selection = Record<string, number>;

export type CartLine = {
  /** Same item, variant, modifiers and request: one line (adding again adds to its quantity). */
  id: string;
  itemId: string;
  variantId: string;
  quantity: number;
  modifiers: { modifierItemId: string; quantity: number }[];
  specialRequest: string;
};

export type GroupIssue = 'modifier_group_min' | 'modifier_group_max';

/** Menu amounts are exact decimals sent as JSON numbers; arithmetic is in thousandths. */
export const milli = (amount: number): bigint => toMilli(amount.toFixed(3));
export const amountOf = (m: bigint): number => Number(fromMilli(m));

/** The price a card shows: the cheapest variant, 'from' when there is more than one. */
export function startsFrom(item: MenuItem): { price: number; from: boolean } {
  return startingPrice(item.variants) ?? { price: 0, from: false };
}

export const chosenIn = (group: ModifierGroup, selection: Selection): number =>
  group.modifierItems.reduce((n, m) => n + (selection[m.id] ?? 0), 0);

/** Whether a group's choice breaks its min or max (the intake's own rule and codes). */
export const groupIssue = (group: ModifierGroup, selection: Selection): GroupIssue | null =>
  modifierGroupProblem(chosenIn(group, selection), group);

export function selectionIssues(item: MenuItem, selection: Selection): Record<string, GroupIssue> {
  const issues: Record<string, GroupIssue> = {};
  for (const g of item.modifierGroups) {
    const issue = groupIssue(g, selection);
    if (issue) issues[g.id] = issue;
  }
  return issues;
}

/** A single-choice group (max 1) swaps its choice; others add until the max, or remove. */
export function toggleModifier(group: ModifierGroup, selection: Selection, id: string): Selection {
  const next = { ...selection };
  if (next[id]) {
    delete next[id];
    return next;
  }
  if (group.maxQuantity === 1) {
    for (const m of group.modifierItems) delete next[m.id];
    next[id] = 1;
    return next;
  }
  if (group.maxQuantity > 0 && chosenIn(group, selection) >= group.maxQuantity) return selection;
  next[id] = 1;
  return next;
}

/** A counter group: one more or one less of a modifier item, within the group's max. */
export function stepModifier(
  group: ModifierGroup,
  selection: Selection,
  id: string,
  delta: 1 | -1,
): Selection {
  const current = selection[id] ?? 0;
  const wanted = current + delta;
  if (wanted < 0 || wanted > TICKET_LIMITS.modifierQuantityMax) return selection;
  if (delta > 0 && group.maxQuantity > 0 && chosenIn(group, selection) >= group.maxQuantity)
    return selection;
  const next = { ...selection };
  if (wanted === 0) delete next[id];
  else next[id] = wanted;
  return next;
}

/** One unit of an item: its variant's effective price plus each modifier × its quantity. */
export function unitPrice(
  item: MenuItem,
  variantId: string,
  modifiers: CartLine['modifiers'],
): bigint | null {
  const variant = item.variants.find((v) => v.id === variantId);
  if (!variant) return null;
  const prices = new Map(
    item.modifierGroups.flatMap((g) => g.modifierItems.map((m) => [m.id, m.price] as const)),
  );
  const priced: { priceMilli: bigint; quantity: number }[] = [];
  for (const m of modifiers) {
    const price = prices.get(m.modifierItemId);
    if (price === undefined) return null;
    priced.push({ priceMilli: milli(price), quantity: m.quantity });
  }
  return unitPriceMilli(milli(variant.price), priced);
}

/** A cart line for the item as chosen; modifiers in the menu's order. */
export function lineOf(
  item: MenuItem,
  variantId: string,
  selection: Selection,
  quantity: number,
  specialRequest = '',
): CartLine {
  const modifiers = item.modifierGroups.flatMap((g) =>
    g.modifierItems
      .filter((m) => (selection[m.id] ?? 0) > 0)
      .map((m) => ({ modifierItemId: m.id, quantity: selection[m.id]! })),
  );
  const request = specialRequest.trim();
  const id = [
    variantId,
    ...modifiers.map((m) => `${m.modifierItemId}x${m.quantity}`),
    request,
  ].join('|');
  return { id, itemId: item.id, variantId, quantity, modifiers, specialRequest: request };
}

const clampQuantity = (q: number) => Math.min(TICKET_LIMITS.quantityMax, q);

export function addLine(lines: CartLine[], line: CartLine): CartLine[] {
  const same = lines.find((l) => l.id === line.id);
  if (!same) return [...lines, { ...line, quantity: clampQuantity(line.quantity) }];
  return lines.map((l) =>
    l.id === line.id ? { ...l, quantity: clampQuantity(l.quantity + line.quantity) } : l,
  );
}

/** A quantity of 0 removes the line. */
export function setQuantity(lines: CartLine[], id: string, quantity: number): CartLine[] {
  if (quantity <= 0) return lines.filter((l) => l.id !== id);
  return lines.map((l) => (l.id === id ? { ...l, quantity: clampQuantity(quantity) } : l));
}

export const itemCount = (lines: CartLine[]) => lines.reduce((n, l) => n + l.quantity, 0);

export type PricedLine = {
  line: CartLine;
  item: MenuItem;
  variantTitle: MenuItem['variants'][number]['localizedTitle'];
  modifierTitles: { title: MenuItem['localizedTitle']; quantity: number }[];
  unit: bigint;
  total: bigint;
};

/**
 * The cart against the menu now: each line priced as the intake will price it before taxes,
 * and the lines the menu no longer offers (hidden, out of stock, outside a schedule) apart.
 */
export function priceCart(
  menu: Pick<PublicMenu, 'sections'>,
  lines: CartLine[],
): { priced: PricedLine[]; unavailable: CartLine[]; itemsTotal: bigint } {
  const items = new Map(menu.sections.flatMap((s) => s.items.map((i) => [i.id, i] as const)));
  const priced: PricedLine[] = [];
  const unavailable: CartLine[] = [];
  let itemsTotal = 0n;
  for (const line of lines) {
    const item = items.get(line.itemId);
    const unit = item ? unitPrice(item, line.variantId, line.modifiers) : null;
    const variant = item?.variants.find((v) => v.id === line.variantId);
    if (!item || unit === null || !variant) {
      unavailable.push(line);
      continue;
    }
    const titles = new Map(
      item.modifierGroups.flatMap((g) =>
        g.modifierItems.map((m) => [m.id, m.localizedTitle] as const),
      ),
    );
    const total = unit * BigInt(line.quantity);
    itemsTotal += total;
    priced.push({
      line,
      item,
      variantTitle: variant.localizedTitle,
      modifierTitles: line.modifiers.map((m) => ({
        title: titles.get(m.modifierItemId)!,
        quantity: m.quantity,
      })),
      unit,
      total,
    });
  }
  return { priced, unavailable, itemsTotal };
}

/** The cart lines as the intake takes them (prices are the server's business). */
export function toIntakeItems(lines: CartLine[]): CartItemInput[] {
  return lines.map((l) => ({
    variantId: l.variantId,
    quantity: l.quantity,
    modifiers: l.modifiers.map((m) => ({ modifierItemId: m.modifierItemId, quantity: m.quantity })),
    specialRequest: l.specialRequest || null,
  }));
}
