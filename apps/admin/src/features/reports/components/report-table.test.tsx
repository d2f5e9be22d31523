import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ReportRow, ReportTotals } from '@app/contracts';
import { renderCatalog } from '../../../test/render-feature.tsx';
import { ReportTable } from './report-table.tsx';

const row: ReportRow = {
  id: '00000000-0000-4000-8000-000000000001',
  tenantId: '00000000-0000-4000-8000-000000000002',
  ticketNumber: 7,
  status: 'Cancelled',
  firstName: 'Rana',
  lastName: null,
  reservationLastName: null,
  phoneNumber: null,
  paymentMethod: 'CREDIT_CARD_ONLINE',
  type: 'PICKUP',
  total: 11.35,
  currency: 'JOD',
  branchId: '00000000-0000-4000-8000-000000000003',
  branchName: { fieldValue: 'Abdoun' },
  branchTimeZone: 'Asia/Amman',
  deliveryZone: null,
  serviceArea: null,
  // 22:30 in UTC is the next day's 01:30 on Amman's clock.
  timestamp: '2025-06-10T22:30:00.000Z',
};

const totals: ReportTotals = {
  count: 9,
  amounts: [
    {
      currency: 'JOD',
      sales: { count: 5, total: 60.25 },
      awaiting: { count: 1, total: 4.5 },
      cancelled: { count: 3, total: 25.1 },
      refunded: { count: 2, total: 20.6 },
    },
  ],
};

describe('the report table', () => {
  it("shows each time on the branch's clock and the totals by what they count", () => {
    renderCatalog(
      <ReportTable rows={[row]} totals={totals} page={0} onPage={() => {}} onOpen={() => {}} />,
    );
    expect(screen.getByRole('columnheader', { name: 'Date and time (branch)' })).toBeVisible();
    expect(screen.getByRole('cell', { name: /11\/06\/2025.*01:30/ })).toBeVisible();
    const footer = screen.getByRole('group', { name: 'Totals' });
    expect(within(footer).getByText('Orders: 9')).toBeVisible();
    const lines = within(footer)
      .getAllByRole('term')
      .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
    expect(lines.map((l) => l.replace(/\s+/g, ' '))).toEqual([
      'Sales (5) JOD 60.250',
      'Awaiting acceptance (1) JOD 4.500',
      'Cancelled (3) JOD 25.100',
      'Of them refunded (2) JOD 20.600',
    ]);
  });
});
