/** A public menu's item, with what a cart line of it needs. */
export interface MenuItem {
  variants: { id: string }[];
  modifierGroups: { minQuantity: number; modifierItems: { id: string }[] }[];
}

/** Items anyone can order without choices (their required modifiers taken first). */
export const orderableItems = (menu: { sections: { items: MenuItem[] }[] }): MenuItem[] =>
  menu.sections
    .flatMap((s) => s.items)
    .filter(
      (i) =>
        i.variants.length > 0 &&
        i.modifierGroups.every((g) => g.modifierItems.length >= g.minQuantity),
    );

/** A cart line of the item's first variant with the fewest modifiers its groups require. */
export const cartLine = (item: MenuItem, quantity = 1) => ({
  variantId: item.variants[0]!.id,
  quantity,
  modifiers: item.modifierGroups.flatMap((g) =>
    g.modifierItems.slice(0, g.minQuantity).map((m) => ({ modifierItemId: m.id })),
  ),
});
