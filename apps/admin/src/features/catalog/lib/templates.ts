import type { CheckoutTemplate, TreeNode } from '@app/contracts';

/** The checkout templates an item can be offered in (menu-management.md §9 defaults). */
export const ITEM_TEMPLATES = [
  'DELIVERY',
  'PICKUP',
  'DINING',
] as const satisfies CheckoutTemplate[];

/** Display order of templates in chips and lines. */
const ORDER: readonly CheckoutTemplate[] = ['DELIVERY', 'PICKUP', 'DINING', 'MENU'];

/** The section editor's two choices (§3) and the templates each one covers. */
export const SECTION_TEMPLATE_CHOICES = {
  dining: ['DINING', 'MENU'],
  deliveryPickup: ['DELIVERY', 'PICKUP'],
} as const satisfies Record<string, CheckoutTemplate[]>;

export interface SectionTemplateChoice {
  includeDining: boolean;
  includeDeliveryPickup: boolean;
}

/** §4: dining/menu are excluded unless included in dining; delivery/pickup likewise. */
export function sectionExcludedTemplates(choice: SectionTemplateChoice): CheckoutTemplate[] {
  return [
    ...(choice.includeDining ? [] : SECTION_TEMPLATE_CHOICES.dining),
    ...(choice.includeDeliveryPickup ? [] : SECTION_TEMPLATE_CHOICES.deliveryPickup),
  ];
}

export function sectionTemplateChoice(
  excluded: readonly CheckoutTemplate[],
): SectionTemplateChoice {
  return {
    includeDining: !SECTION_TEMPLATE_CHOICES.dining.some((t) => excluded.includes(t)),
    includeDeliveryPickup: !SECTION_TEMPLATE_CHOICES.deliveryPickup.some((t) =>
      excluded.includes(t),
    ),
  };
}

/** §4: included = all minus excluded (templates and branches alike). */
export const includedOf = <T>(all: readonly T[], excluded: readonly T[]): T[] =>
  all.filter((value) => !excluded.includes(value));

/** Toggles one value in an exclusion list (checked = included). */
export const withInclusion = <T>(excluded: readonly T[], value: T, included: boolean): T[] =>
  included ? excluded.filter((v) => v !== value) : [...new Set([...excluded, value])];

/**
 * The templates a node is excluded from as a card shows them ('Excluded from: ...'): the menu
 * template itself is left out, it is implied by dining.
 */
export function excludedFromTemplates(excluded: readonly CheckoutTemplate[]): CheckoutTemplate[] {
  return ORDER.filter((t) => t !== 'MENU' && excluded.includes(t));
}

export type NodeChip =
  { kind: 'hidden' } | { kind: 'new' } | { kind: 'removed'; templates: CheckoutTemplate[] };

/** §4 chips: 'Hidden' when not active, new, and 'Removed: templates' when some are excluded. */
export function nodeChips(
  node: Pick<TreeNode, 'active' | 'new' | 'excludedCheckoutTemplates'>,
): NodeChip[] {
  const chips: NodeChip[] = [];
  if (!node.active) chips.push({ kind: 'hidden' });
  if (node.new) chips.push({ kind: 'new' });
  const removed = excludedFromTemplates(node.excludedCheckoutTemplates);
  if (removed.length > 0) chips.push({ kind: 'removed', templates: removed });
  return chips;
}
