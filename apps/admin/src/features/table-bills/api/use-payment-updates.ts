import { useEffect, useEffectEvent, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { TableBillPaymentUpdate } from '@app/contracts';
import type { ConnectionState } from '../../../components/connection-dot.tsx';
import { createRealtimeClient, type RealtimeClient } from '../../../lib/realtime.ts';
import { tableBillKeys } from './table-bills-queries.ts';

/**
 * The hub's receiveTableBillPaymentUpdate (§7.4) while a table bill page is open: every event
 * reads the feed and the transactions again, and `onUpdate` hears it (the feed highlights a
 * payment that just arrived). A reconnect reads them again too, events may have been missed.
 */
export function usePaymentUpdates(
  tenantId: string,
  onUpdate?: (update: TableBillPaymentUpdate) => void,
  createClient: () => RealtimeClient = createRealtimeClient,
): ConnectionState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ConnectionState>('connecting');
  const heard = useEffectEvent((update: TableBillPaymentUpdate) => onUpdate?.(update));

  useEffect(() => {
    if (tenantId === '') return;
    const client = createClient();
    const refetch = () => queryClient.invalidateQueries({ queryKey: tableBillKeys.all(tenantId) });
    const stops = [
      client.onStateChange(setState),
      client.onRefetchNeeded(() => void refetch()),
      client.onEvent('receiveTableBillPaymentUpdate', (data) => {
        const update = TableBillPaymentUpdate.safeParse(data);
        if (!update.success || update.data.tenantId !== tenantId) return;
        void refetch();
        heard(update.data);
      }),
    ];
    client.start();
    return () => {
      for (const stop of stops) stop();
      client.stop();
    };
  }, [tenantId, queryClient, createClient]);

  return state;
}
