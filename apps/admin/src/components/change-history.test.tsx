import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { auditRoutes, type AuditEntry } from '@app/contracts';
import { ChangeHistory, HistorySection } from './change-history.tsx';
import { answer, fakeServer } from '../test/fake-server.ts';
import { renderCatalog } from '../test/render-feature.tsx';
import { sessionFor } from '../test/app-render.tsx';

const TENANT = sessionFor('StoreOwner').profile!.tenantId;
const ITEM = '00000000-0000-4000-8000-000000000001';

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  at: '2026-11-29T10:00:00.000Z',
  actor: {
    id: '00000000-0000-4000-8000-0000000000b1',
    email: 'owner@demo.local',
    role: 'StoreOwner',
  },
  entityType: 'item',
  entityId: ITEM,
  branchId: null,
  action: 'update',
  label: { fieldValue: 'Hummus', en: 'Hummus', ar: 'حمص' },
  changes: [{ field: 'variants.0.price', before: 2.5, after: 2.75 }],
  moreChanges: 0,
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe('ChangeHistory', () => {
  it('shows who changed what, each field before and after, and pages on', async () => {
    const server = fakeServer(
      answer(
        auditRoutes.audit,
        { tenantId: TENANT },
        {
          entries: [
            entry({}),
            entry({
              id: '00000000-0000-4000-8000-0000000000a2',
              actor: { id: null, email: null, role: null },
              action: 'stock',
              changes: [{ field: 'stock.soldOut', before: false, after: true }],
            }),
          ],
          nextCursor: '2026-11-29T09:00:00.000Z|00000000-0000-4000-8000-0000000000a2',
        },
      ),
    );
    renderCatalog(<ChangeHistory tenantId={TENANT} filter={{ entityType: 'item' }} />);
    const list = await screen.findByRole('list', { name: 'History' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Item: Hummus');
    expect(first).toHaveTextContent('owner@demo.local · Owner');
    expect(first).toHaveTextContent('variants › #1 › price');
    expect(first).toHaveTextContent('2.5 → 2.75');
    expect(second).toHaveTextContent('System');
    expect(second).toHaveTextContent('✗ → ✓');
    expect(server.requests[0]!.url.searchParams.get('entityType')).toBe('item');

    await userEvent.click(screen.getByRole('button', { name: 'Show older changes' }));
    expect(server.requests.at(-1)!.url.searchParams.get('cursor')).toMatch(/\|/);
  });

  it('an editor’s History loads its own entity’s changes only when opened', async () => {
    const server = fakeServer(
      answer(auditRoutes.audit, { tenantId: TENANT }, { entries: [], nextCursor: null }),
    );
    renderCatalog(<HistorySection entityType="item" entityId={ITEM} />);
    expect(server.requests).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'History' }));
    expect(await screen.findByText('No changes recorded yet.')).toBeVisible();
    expect(server.requests[0]!.url.searchParams.get('entityId')).toBe(ITEM);
  });

  it('is not offered to an order taker', () => {
    fakeServer({});
    renderCatalog(<HistorySection entityType="item" entityId={ITEM} />, {
      session: sessionFor('OrderTaker'),
    });
    expect(screen.queryByRole('button', { name: 'History' })).toBeNull();
  });
});
