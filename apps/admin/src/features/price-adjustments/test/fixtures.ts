import type { PriceAdjustmentResponse } from '@app/contracts';

export const ADJUSTMENT_ID = '66666666-0000-4000-8000-000000000001';

/** A 10% delivery increase with no linked variants, as the server answers it. */
export const priceAdjustment = (
  over: Partial<PriceAdjustmentResponse> = {},
): PriceAdjustmentResponse => ({
  id: ADJUSTMENT_ID,
  name: 'Delivery up',
  adjustmentType: 'Percentage',
  adjustmentDirection: 'Increase',
  amount: 10,
  checkoutTemplates: ['DELIVERY'],
  priority: 2,
  isActive: true,
  linkedVariants: [],
  schedule: [],
  ...over,
});

/** What the form says on a save with nothing filled in (§5), one message a field. */
export const EMPTY_SAVE_MESSAGES = [
  'Name is required',
  'Adjustment type is required',
  'Adjustment direction is required',
  'Amount is required',
  'At least one template is required',
  'Priority is required',
];
