import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import DoNotDisturbIcon from '@mui/icons-material/DoNotDisturb';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import ShareOutlinedIcon from '@mui/icons-material/ShareOutlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import {
  formatMoney,
  isNotAccepted,
  isOpenTicket,
  localize,
  RECEIPT_SIZES,
  TICKET_TRANSITIONS,
  ticketRefundOf,
  type ReceiptSize,
  type Ticket,
  type TicketStatus,
} from '@app/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../lib/session.tsx';
import { ticketKeys } from '../../api/keys.ts';
import type { LiveList } from '../../api/tickets-list.ts';
import { queueChange } from '../../lib/offline.ts';
import { isApiError } from '../../../../lib/api-client.ts';
import { useLanguage } from '../../../../lib/i18n.ts';
import { useNotify } from '../../../../lib/notify.tsx';
import {
  currentTicketOf,
  isPaidOnline,
  usePrintReceipt,
  useTransferTicket,
  useUpdateTicketStatus,
} from '../../api/ticket-detail.ts';
import { PrinterAppDialog, ReceiptDialog } from './receipt-dialog.tsx';
import { printerAppTemplate, printerAppUrl, printResultPath } from '../../../../lib/printer-app.ts';
import { shareSummary } from './share-summary.ts';
import {
  STATUS_ACTION_TARGET as TARGET,
  STATUS_ACTIONS,
  StatusDialog,
  type StatusAction,
} from './status-dialog.tsx';
import { mapLink, messagingLink } from './ticket-format.ts';
import { TransferDialog, type TransferTarget } from './transfer-dialog.tsx';

/** The button for one move of the contracts' transitions; a cancel before accepting is a reject. */
function actionFor(from: TicketStatus, to: TicketStatus): StatusAction | null {
  if (to === 'Cancelled') return isNotAccepted(from) ? 'reject' : 'cancel';
  const action = STATUS_ACTIONS.find((a) => TARGET[a] === to);
  return action ?? null;
}

/** The actions a status offers: one per move TICKET_TRANSITIONS allows from it. */
export const actionsFor = (status: TicketStatus): StatusAction[] =>
  TICKET_TRANSITIONS[status].flatMap((to) => actionFor(status, to) ?? []);

/**
 * The actions row of spec §2.4 and §4.1: status changes with confirmations, transfer to another
 * branch, print and share. Printing shows for every tenant: the spec limits it to a fixed list
 * of tenants that it does not reproduce.
 */
/** The ticket's new status shown in its sheet and its list row, before the server has it. */
function showStatusHere(queryClient: QueryClient, ticket: Ticket, status: Ticket['status']) {
  queryClient.setQueryData<Ticket>(ticketKeys.detail(ticket.tenantId, ticket.id), (t) =>
    t ? { ...t, status } : t,
  );
  queryClient.setQueryData<LiveList>(ticketKeys.list(), (list) =>
    list
      ? { ...list, results: list.results.map((r) => (r.id === ticket.id ? { ...r, status } : r)) }
      : list,
  );
}

export function TicketActions({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation('ticketDetails');
  const lang = useLanguage();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { profile } = useSession();
  const [action, setAction] = useState<StatusAction | null>(null);
  const [transferring, setTransferring] = useState(false);
  const [sizeMenu, setSizeMenu] = useState<HTMLElement | null>(null);
  const [receipt, setReceipt] = useState<{ html: string; size: ReceiptSize } | null>(null);
  const [appPrint, setAppPrint] = useState<string | null>(null);
  const updateStatus = useUpdateTicketStatus(ticket.tenantId, ticket.id);
  const transfer = useTransferTicket(ticket.tenantId, ticket.id);
  const print = usePrintReceipt(ticket.tenantId, ticket.id);

  const busy = updateStatus.isPending || transfer.isPending;
  const open = isOpenTicket(ticket.status);
  // The session knows the branches of the current tenant only.
  const sameTenant = profile?.tenantId === ticket.tenantId;
  const targets: TransferTarget[] = sameTenant
    ? profile.branchProfiles
        .filter((b) => b.branchId !== ticket.branchId)
        .map((b) => ({ branchId: b.branchId, name: localize(b.branchName, lang) }))
    : [];
  const canTransfer = open && sameTenant && targets.length > 0;
  const transferHint = !open
    ? t('transfer.closed')
    : !sameTenant
      ? t('transfer.otherTenant')
      : targets.length === 0
        ? t('transfer.none')
        : undefined;
  const map = mapLink(ticket);

  /** Offline: kept on this device and shown as done; sent when the connection is back. */
  const keepForLater = (input: { note: string; reason?: Ticket['cancellationReason'] }) => {
    if (!action) return;
    const status = TARGET[action];
    queueChange({
      tenantId: ticket.tenantId,
      ticketId: ticket.id,
      ticketNumber: ticket.ticketNumber,
      status,
      fromStatus: ticket.status,
      note: input.note.trim() ? input.note.trim() : null,
      reason: input.reason ?? null,
    });
    showStatusHere(queryClient, ticket, status);
    notify.info(t('offline.queued', { ns: 'tickets', number: ticket.ticketNumber }));
    setAction(null);
  };

  const changeStatus = async (input: { note: string; reason?: Ticket['cancellationReason'] }) => {
    if (!action) return;
    if (!navigator.onLine) return keepForLater(input);
    try {
      const after = await updateStatus.mutateAsync({
        status: TARGET[action],
        fromStatus: ticket.status,
        note: input.note,
        ...(input.reason ? { reason: input.reason } : {}),
      });
      // Says what happened (and why, for a refusal): a screen reader hears it from the snackbar.
      notify.success(
        t(`messages.done.${action}`, {
          number: ticket.ticketNumber,
          reason: input.reason ? t(`reasons.${input.reason}`) : '',
        }),
      );
      // A refund the card gateway has not confirmed yet is said too, not taken for done.
      const refund = ticketRefundOf(
        after.ticketDetails.paymentDetails.paymentStatus,
        after.cartData.total,
        after.cartData.currency,
      );
      if (refund && refund.status !== 'SUCCEEDED')
        notify.info(
          t(refund.status === 'PENDING' ? 'messages.refundPending' : 'refund.still.FAILED', {
            amount: formatMoney(refund.amount, refund.currency, lang),
          }),
        );
      setAction(null);
    } catch (error) {
      if (isApiError(error, 409)) {
        const current = currentTicketOf(error);
        notify.error(
          current
            ? t('messages.statusChanged', {
                status: t(`status.${current.status}`, { ns: 'tickets' }),
              })
            : t('messages.conflict'),
        );
        setAction(null);
      } else if (isApiError(error, 0) && !navigator.onLine) {
        // The connection dropped on the way: kept like any change made offline.
        keepForLater(input);
      } else {
        notify.errorWithRefresh();
      }
    }
  };

  const moveTo = async (target: TransferTarget) => {
    try {
      await transfer.mutateAsync(target.branchId);
      notify.success(t('transfer.done', { branch: target.name }));
      setTransferring(false);
    } catch (error) {
      if (isApiError(error, 409)) {
        notify.error(t('messages.transferConflict'));
        setTransferring(false);
      } else {
        notify.errorWithRefresh();
      }
    }
  };

  const printReceipt = async (size: ReceiptSize) => {
    setSizeMenu(null);
    try {
      setReceipt({ html: await print.mutateAsync({ lang, size }), size });
    } catch {
      notify.errorWithRefresh();
    }
  };

  // The spec's thermal printer app (§2.4): launched by URL with the receipt, its size and the
  // results page to come back to; the print window closes 10 s later.
  const printWithApp = async (size: ReceiptSize) => {
    setSizeMenu(null);
    try {
      const html = await print.mutateAsync({ lang, size });
      const url = printerAppUrl(printerAppTemplate(), {
        html,
        size,
        back: `${window.location.origin}${printResultPath(ticket.id)}`,
      });
      setAppPrint(url);
      window.location.assign(url);
    } catch {
      notify.errorWithRefresh();
    }
  };

  // The summary is in Arabic whatever the admin reads: its texts load before the link shows.
  const arabic = useTranslation('ticketDetails', { lng: 'ar', useSuspense: false });
  const shareLink = arabic.ready ? messagingLink(shareSummary(ticket, arabic.t)) : undefined;

  return (
    <>
      <Box
        role="group"
        aria-label={t('actions.label')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
      >
        {actionsFor(ticket.status).map((a) => (
          <Button
            key={a}
            variant={a === 'accept' || a === 'complete' ? 'contained' : 'outlined'}
            color={a === 'accept' || a === 'complete' ? 'success' : 'error'}
            startIcon={ACTION_ICONS[a]}
            disabled={busy}
            onClick={() => setAction(a)}
          >
            {t(`actions.${a}`)}
          </Button>
        ))}
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="outlined"
          startIcon={<SwapHorizIcon />}
          disabled={!canTransfer || busy}
          title={transferHint}
          onClick={() => setTransferring(true)}
        >
          {t('actions.transfer')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<PrintOutlinedIcon />}
          disabled={print.isPending}
          aria-haspopup="menu"
          aria-expanded={sizeMenu ? 'true' : undefined}
          onClick={(event) => setSizeMenu(event.currentTarget)}
        >
          {t('actions.print')}
        </Button>
        <Menu
          anchorEl={sizeMenu}
          open={sizeMenu !== null}
          onClose={() => setSizeMenu(null)}
          slotProps={{ list: { 'aria-label': t('print.menu') } }}
        >
          {RECEIPT_SIZES.map((size) => (
            <MenuItem key={size} onClick={() => void printReceipt(size)}>
              {t('print.size', { size })}
            </MenuItem>
          ))}
          {RECEIPT_SIZES.map((size) => (
            <MenuItem key={`app-${size}`} onClick={() => void printWithApp(size)}>
              {t('print.appSize', { size })}
            </MenuItem>
          ))}
        </Menu>
        {shareLink && (
          <Button
            variant="outlined"
            startIcon={<ShareOutlinedIcon />}
            href={shareLink}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('share.message')}
          </Button>
        )}
        {map && (
          <Button
            variant="outlined"
            startIcon={<MapOutlinedIcon />}
            href={map}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('share.map')}
          </Button>
        )}
      </Box>
      {action && (
        <StatusDialog
          action={action}
          ticketNumber={ticket.ticketNumber}
          refundWarning={isPaidOnline(ticket)}
          onConfirm={changeStatus}
          onClose={() => setAction(null)}
        />
      )}
      {transferring && (
        <TransferDialog
          ticketNumber={ticket.ticketNumber}
          fromBranch={localize(ticket.branchName, lang)}
          branches={targets}
          onConfirm={moveTo}
          onClose={() => setTransferring(false)}
        />
      )}
      {appPrint && <PrinterAppDialog url={appPrint} onClose={() => setAppPrint(null)} />}
      {receipt && (
        <ReceiptDialog
          html={receipt.html}
          size={receipt.size}
          ticketNumber={ticket.ticketNumber}
          onClose={() => setReceipt(null)}
        />
      )}
    </>
  );
}

const ACTION_ICONS: Record<StatusAction, ReactNode> = {
  accept: <CheckIcon />,
  reject: <CloseIcon />,
  complete: <DoneAllIcon />,
  cancel: <DoNotDisturbIcon />,
};
