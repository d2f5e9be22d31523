import type { TableBillPaymentUpdate } from '@app/contracts';
import type { RealtimeEvent } from '../../realtime/notifier.ts';
import type { TransactionRecord } from './table-bills.repository.ts';

/**
 * THE builder of the hub's receiveTableBillPaymentUpdate (§7.4): ids, state and amounts only,
 * never the card or the customer. A payment and each refund send it through here.
 */
export function tableBillPaymentUpdate(
  change: TableBillPaymentUpdate['change'],
  row: Pick<
    TransactionRecord,
    'id' | 'tenantId' | 'branchId' | 'status' | 'amount' | 'refundedAmount' | 'currency'
  >,
  at: Date,
): RealtimeEvent {
  const data: TableBillPaymentUpdate = {
    change,
    tenantId: row.tenantId,
    branchId: row.branchId,
    tableBillTransactionId: row.id,
    status: row.status,
    amount: Number(row.amount),
    refundedAmount: Number(row.refundedAmount),
    currency: row.currency,
    at: at.toISOString(),
  };
  return { tenantId: row.tenantId, event: 'receiveTableBillPaymentUpdate', data };
}
