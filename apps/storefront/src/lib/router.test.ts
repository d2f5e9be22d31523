import { describe, expect, it } from 'vitest';
import {
  fillRoutePath,
  storefrontAddress,
  storefrontRoutes,
  ticketIntakeRoutes,
} from '@app/contracts';
import { parseRoute, paths } from './router.ts';

const branchId = '17d5bad6-51c3-4730-96f6-460a62c32212';
const areaId = '27d5bad6-51c3-4730-96f6-460a62c32212';

describe('the storefront reads the addresses the admin hands out', () => {
  it.each(['DELIVERY', 'PICKUP', 'DINING', 'MENU'])('a branch link for %s', (template) => {
    const url = storefrontAddress.branch('', 'al-bayt', branchId, template);
    expect(parseRoute(url)).toEqual({
      page: 'branch',
      slug: 'al-bayt',
      branchId,
      template: template.toLowerCase(),
      checkout: false,
    });
  });

  it('a table QR code and a unique link', () => {
    expect(parseRoute(storefrontAddress.serviceArea('', 'al-bayt', areaId))).toEqual({
      page: 'table',
      slug: 'al-bayt',
      serviceAreaId: areaId,
      checkout: false,
    });
    expect(parseRoute(storefrontAddress.uniqueLink('', 'al-bayt', 'abc'))).toEqual({
      page: 'link',
      slug: 'al-bayt',
      linkId: 'abc',
      checkout: false,
    });
  });

  it('its own checkout and order pages, and nothing else', () => {
    expect(parseRoute(paths.branch('al-bayt', branchId, 'PICKUP', true))).toMatchObject({
      page: 'branch',
      checkout: true,
    });
    expect(parseRoute(paths.table('al-bayt', areaId, true))).toMatchObject({
      page: 'table',
      checkout: true,
    });
    expect(parseRoute(paths.link('al-bayt', areaId, true))).toEqual({
      page: 'link',
      slug: 'al-bayt',
      linkId: areaId,
      checkout: true,
    });
    expect(parseRoute(`/al-bayt/l/${areaId}/pay`)).toEqual({ page: 'none' });
    expect(parseRoute(paths.order('al-bayt', areaId))).toEqual({
      page: 'order',
      slug: 'al-bayt',
      ticketId: areaId,
    });
    expect(parseRoute(paths.bill('al-bayt', areaId))).toEqual({
      page: 'bill',
      slug: 'al-bayt',
      serviceAreaId: areaId,
    });
    expect(parseRoute(`/al-bayt/t/${areaId}/bill/more`)).toEqual({ page: 'none' });
    expect(parseRoute('/al-bayt')).toEqual({ page: 'store', slug: 'al-bayt' });
    expect(parseRoute('/')).toEqual({ page: 'none' });
    expect(parseRoute(`/al-bayt/${branchId}/takeaway`)).toEqual({ page: 'none' });
  });

  it('calls the routes of the contracts with their parameters filled in', () => {
    expect(
      fillRoutePath(storefrontRoutes.serviceArea.path, { slug: 'a b', serviceAreaId: areaId }),
    ).toBe(`/api/public/storefronts/a%20b/service-areas/${areaId}`);
    expect(fillRoutePath(ticketIntakeRoutes.intake.path, { tenantId: 't', branchId: 'b' })).toBe(
      '/api/public/tenants/t/branches/b/tickets',
    );
    expect(() => fillRoutePath(storefrontRoutes.menu.path, { tenantId: 't' })).toThrow();
  });
});
