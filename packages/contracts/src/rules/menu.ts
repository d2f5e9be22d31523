/**
 * The menu's rules as a customer meets them, the same on the storefront, in the admin and at
 * the order intake: what a card's price says, what one unit of a line costs, whether a
 * modifier group's choice is allowed.
 */

/** The price an item card shows: the lowest variant's, 'from' when there is more than one. */
export function startingPrice<P extends number | bigint>(
  variants: readonly { price: P }[],
): { price: P; from: boolean } | null {
  if (variants.length === 0) return null;
  const price = variants.reduce((low, v) => (v.price < low ? v.price : low), variants[0]!.price);
  return { price, from: variants.length > 1 };
}

/** One unit of a line, in thousandths: its variant's price plus each modifier × its quantity. */
export const unitPriceMilli = (
  variantMilli: bigint,
  modifiers: readonly { priceMilli: bigint; quantity: number }[],
): bigint => modifiers.reduce((sum, m) => sum + m.priceMilli * BigInt(m.quantity), variantMilli);

/**
 * Whether `chosen` modifier items break a group's minimum or maximum (a maximum of 0 sets no
 * upper limit), with the intake's codes.
 */
export function modifierGroupProblem(
  chosen: number,
  group: { minQuantity: number; maxQuantity: number },
): 'modifier_group_min' | 'modifier_group_max' | null {
  if (chosen < group.minQuantity) return 'modifier_group_min';
  if (group.maxQuantity > 0 && chosen > group.maxQuantity) return 'modifier_group_max';
  return null;
}
