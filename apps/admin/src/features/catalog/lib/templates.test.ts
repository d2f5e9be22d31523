import { describe, expect, it } from 'vitest';
import {
  excludedFromTemplates,
  includedOf,
  nodeChips,
  sectionExcludedTemplates,
  sectionTemplateChoice,
  withInclusion,
} from './templates.ts';

const node = (overrides: Partial<Parameters<typeof nodeChips>[0]> = {}) => ({
  active: true,
  new: false,
  excludedCheckoutTemplates: [],
  ...overrides,
});

describe('excluded templates and chips', () => {
  it('excludes dining and menu unless the section is included in dining', () => {
    expect(sectionExcludedTemplates({ includeDining: false, includeDeliveryPickup: true })).toEqual(
      ['DINING', 'MENU'],
    );
    expect(sectionExcludedTemplates({ includeDining: true, includeDeliveryPickup: false })).toEqual(
      ['DELIVERY', 'PICKUP'],
    );
    expect(sectionExcludedTemplates({ includeDining: true, includeDeliveryPickup: true })).toEqual(
      [],
    );
  });

  it('reads the two choices back from the exclusions', () => {
    expect(sectionTemplateChoice(['DINING', 'MENU'])).toEqual({
      includeDining: false,
      includeDeliveryPickup: true,
    });
    expect(sectionTemplateChoice(['PICKUP'])).toEqual({
      includeDining: true,
      includeDeliveryPickup: false,
    });
  });

  it('derives included as all minus excluded, and toggles one value', () => {
    expect(includedOf(['DELIVERY', 'PICKUP', 'DINING'], ['PICKUP'])).toEqual([
      'DELIVERY',
      'DINING',
    ]);
    expect(withInclusion(['PICKUP'], 'PICKUP', true)).toEqual([]);
    expect(withInclusion(['PICKUP'], 'DINING', false)).toEqual(['PICKUP', 'DINING']);
  });

  it('lists "Excluded from" without the menu template, in a fixed order', () => {
    expect(excludedFromTemplates(['MENU', 'DINING'])).toEqual(['DINING']);
    expect(excludedFromTemplates(['PICKUP', 'DELIVERY'])).toEqual(['DELIVERY', 'PICKUP']);
    expect(excludedFromTemplates(['MENU'])).toEqual([]);
  });

  it("shows 'Hidden', new and 'Removed: templates' chips", () => {
    expect(nodeChips(node())).toEqual([]);
    expect(
      nodeChips(node({ active: false, new: true, excludedCheckoutTemplates: ['DINING', 'MENU'] })),
    ).toEqual([{ kind: 'hidden' }, { kind: 'new' }, { kind: 'removed', templates: ['DINING'] }]);
    expect(nodeChips(node({ excludedCheckoutTemplates: ['MENU'] }))).toEqual([]);
  });
});
