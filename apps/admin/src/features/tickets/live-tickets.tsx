import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import {
  rolesFor,
  type MembershipRole,
  type TicketsListResponse,
  type TicketSummary,
  type TicketsUpdate,
  isNotAccepted,
} from '@app/contracts';
import { useCurrentTenant, useSession } from '../../lib/session.tsx';
import type { ConnectionState } from '../../components/connection-dot.tsx';
import { playNotificationSound, unlockNotificationSound } from '../../lib/notification-sound.ts';
import { SNACKBAR_ANCHOR } from '../../lib/notify.tsx';
import { paths } from '../../lib/paths.ts';
import { createRealtimeClient, type RealtimeClient } from '../../lib/realtime.ts';
import { ticketKeys } from './api/keys.ts';
import { TICKETS_POLL_MS, ticketsListQuery } from './api/tickets-list.ts';
import type { TicketRef } from './components/ticket-details/ticket-details-sheet.tsx';

/** Spec §2.3, §9: the new-order toast stays two hours; the chime repeats every 22 s. */
export const NEW_ORDER_TOAST_MS = 7_200_000;
export const UNVERIFIED_SOUND_MS = 22_000;

export interface LiveTicketsShell {
  /** New plus unverified tickets: the side menu's Live orders badge (spec §2.12). */
  liveOrdersCount?: number;
  /** The realtime hub's state for the top bar's dot (spec §4.6). */
  connectionState?: ConnectionState;
}

export interface LiveTickets extends LiveTicketsShell {
  /** Whether this user may see tickets in the current tenant; nothing loads otherwise. */
  enabled: boolean;
  tickets: UseQueryResult<TicketsListResponse>;
  /** The user pressed Start Live Orders in this tab: sound and alerts are on. */
  started: boolean;
  /** From the start prompt's click: unlocks audio, plays the chime, turns alerts on. */
  start: () => Promise<void>;
  /** The ticket the details sheet shows, null when it is closed. */
  openTicket: TicketRef | null;
  setOpenTicket: (ticket: TicketRef | null) => void;
}

const LiveTicketsContext = createContext<LiveTickets | null>(null);

const maySeeTickets = (role: MembershipRole | undefined) =>
  role !== undefined && rolesFor('LiveTickets').includes(role);

/**
 * Holds the one realtime connection and the live tickets list for the whole admin shell
 * (spec §4.6, §7.4): the list is refetched on every hub event, 1–4 s after a reconnect and
 * every 60 s as a fallback; new unverified tickets raise the toast and the chime once the user
 * has started live orders in this tab.
 */
export function LiveTicketsProvider({
  children,
  createClient = createRealtimeClient,
}: {
  children: ReactNode;
  /** The realtime client to use; tests pass a fake. */
  createClient?: () => RealtimeClient;
}) {
  const session = useSession();
  const tenant = useCurrentTenant();
  const enabled =
    session.status === 'signedIn' &&
    session.user?.role !== 'SuperAdmin' &&
    maySeeTickets(tenant?.role);
  const queryClient = useQueryClient();
  const tickets = useQuery({
    ...ticketsListQuery(),
    enabled,
    refetchInterval: TICKETS_POLL_MS,
    refetchIntervalInBackground: true,
  });
  const [connectionState, setConnectionState] = useState<ConnectionState>('connecting');
  const [started, setStarted] = useState(false);
  const [openTicket, setOpenTicket] = useState<TicketRef | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const client = createClient();
    const refetchList = () => queryClient.invalidateQueries({ queryKey: ticketKeys.list() });
    const onUpdate = (update: TicketsUpdate) => {
      if (update.change === 'resync') {
        void queryClient.invalidateQueries({ queryKey: ticketKeys.all });
        return;
      }
      void refetchList();
      // An open ticket changed by someone else shows its new state.
      void queryClient.invalidateQueries({
        queryKey: ticketKeys.detail(update.tenantId, update.ticketId),
      });
    };
    const unsubscribe = [
      client.onStateChange(setConnectionState),
      client.onTicketsUpdate(onUpdate),
      client.onRefetchNeeded(
        () => void queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
      ),
    ];
    // Subscribed first: start() reports 'connecting' at once.
    client.start();
    return () => {
      for (const stop of unsubscribe) stop();
      client.stop();
    };
  }, [enabled, createClient, queryClient]);

  const start = useCallback(async () => {
    setStarted(true);
    if (await unlockNotificationSound()) await playNotificationSound();
  }, []);

  useNewOrderAlerts(enabled ? tickets.data?.results : undefined, started, setOpenTicket);

  const value = useMemo<LiveTickets>(
    () => ({
      enabled,
      tickets,
      liveOrdersCount: enabled ? tickets.data?.counters.newAndUnVerifiedTicketsCounter : undefined,
      connectionState: enabled ? connectionState : undefined,
      started,
      start,
      openTicket,
      setOpenTicket,
    }),
    [enabled, tickets, connectionState, started, start, openTicket],
  );
  return <LiveTicketsContext value={value}>{children}</LiveTicketsContext>;
}

/**
 * Spec §4.1: a not-yet-accepted ticket that appears after the first load raises the toast with
 * Open Latest Order and the chime; the chime repeats every 22 s while any such ticket exists.
 */
function useNewOrderAlerts(
  tickets: readonly TicketSummary[] | undefined,
  started: boolean,
  openTicket: (ticket: TicketRef) => void,
) {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const seen = useRef<Set<string> | null>(null);
  // Read when the toast's button is pressed, which may be on another page than it opened.
  const currentPath = useRef(pathname);
  useEffect(() => {
    currentPath.current = pathname;
  }, [pathname]);

  useEffect(() => {
    if (!tickets) return;
    const waiting = tickets.filter((ticket) => isNotAccepted(ticket.status));
    const previous = seen.current;
    seen.current = new Set([...(previous ?? []), ...waiting.map((ticket) => ticket.id)]);
    // The first load only learns what is already there.
    if (!previous || !started) return;
    const fresh = waiting.filter((ticket) => !previous.has(ticket.id));
    if (fresh.length === 0) return;
    const latest = fresh.reduce((a, b) => (b.timestamp > a.timestamp ? b : a));
    void playNotificationSound();
    // The texts are components so a toast that stays for hours follows a language switch.
    enqueueSnackbar(<NewOrderToastText count={fresh.length} number={latest.ticketNumber} />, {
      variant: 'info',
      anchorOrigin: SNACKBAR_ANCHOR,
      autoHideDuration: NEW_ORDER_TOAST_MS,
      action: (key) => (
        <OpenLatestOrderButton
          onClick={() => {
            closeSnackbar(key);
            openTicket({ tenantId: latest.tenantId, ticketId: latest.id });
            if (currentPath.current !== paths.liveOrders) void navigate(paths.liveOrders);
          }}
        />
      ),
    });
    // Only a new list raises an alert; the other inputs only shape the next one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tickets]);

  const anyWaiting = tickets?.some((ticket) => isNotAccepted(ticket.status)) ?? false;
  useEffect(() => {
    if (!started || !anyWaiting) return;
    const timer = setInterval(() => void playNotificationSound(), UNVERIFIED_SOUND_MS);
    return () => clearInterval(timer);
  }, [started, anyWaiting]);
}

function NewOrderToastText({ count, number }: { count: number; number: number }) {
  const { t } = useTranslation('tickets');
  return count === 1 ? t('toast.newOrder', { number }) : t('toast.newOrders', { count });
}

function OpenLatestOrderButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('tickets');
  return (
    <Button color="inherit" size="small" onClick={onClick}>
      {t('toast.openLatest')}
    </Button>
  );
}

/** The live tickets for the live orders page; needs the LiveTicketsProvider of the admin frame. */
export function useLiveTickets(): LiveTickets {
  const live = useContext(LiveTicketsContext);
  if (!live) throw new Error('useLiveTickets() needs a <LiveTicketsProvider> above it');
  return live;
}

export function useLiveTicketsShell(): LiveTicketsShell {
  const live = useContext(LiveTicketsContext);
  return { liveOrdersCount: live?.liveOrdersCount, connectionState: live?.connectionState };
}
