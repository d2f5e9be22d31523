import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useSnackbar, type SnackbarKey, type SnackbarOrigin } from 'notistack';
import { useTranslation } from 'react-i18next';
import {
  rolesFor,
  type MembershipRole,
  type TicketSummary,
  type TicketsUpdate,
  isNotAccepted,
} from '@app/contracts';
import { useCurrentTenant, useSession } from '../../lib/session.tsx';
import type { ConnectionState } from '../../components/connection-dot.tsx';
import { playNotificationSound, unlockNotificationSound } from '../../lib/notification-sound.ts';
import { paths } from '../../lib/paths.ts';
import { createRealtimeClient, type RealtimeClient } from '../../lib/realtime.ts';
import { useNotify } from '../../lib/notify.tsx';
import { ticketKeys } from './api/keys.ts';
import { queuedChanges, replayQueued, useOnline, useQueuedChanges } from './lib/offline.ts';
import { TICKETS_POLL_MS, ticketsListQuery, type LiveList } from './api/tickets-list.ts';
import type { TicketRef } from './components/ticket-details/ticket-details-sheet.tsx';

/** Spec §2.3, §9: the new-order toast stays two hours; the chime repeats every 22 s. */
export const NEW_ORDER_TOAST_MS = 7_200_000;
/** At the bottom: on a phone the top holds the title, the filters and the ticket's header. */
export const NEW_ORDER_TOAST_ANCHOR: SnackbarOrigin = { vertical: 'bottom', horizontal: 'center' };
export const UNVERIFIED_SOUND_MS = 22_000;
/** After the server's `resync`, each screen catches up within this random wait. */
export const RESYNC_JITTER_MS = 2_000;

export interface LiveTicketsShell {
  /** New plus unverified tickets: the side menu's Live orders badge (spec §2.12). */
  liveOrdersCount?: number;
  /** The realtime hub's state for the top bar's dot (spec §4.6). */
  connectionState?: ConnectionState;
  /** Said at once when the device goes offline, with the changes waiting to be sent. */
  banner?: ReactNode;
}

export interface LiveTickets extends LiveTicketsShell {
  /** Whether this user may see tickets in the current tenant; nothing loads otherwise. */
  enabled: boolean;
  tickets: UseQueryResult<LiveList>;
  /** The user pressed Start Live Orders in this tab: sound and alerts are on. */
  started: boolean;
  /** From the start prompt's click: unlocks audio, plays the chime, turns alerts on. */
  start: () => Promise<void>;
  /** The ticket the details sheet shows, null when it is closed. */
  openTicket: TicketRef | null;
  setOpenTicket: (ticket: TicketRef | null) => void;
}

const LiveTicketsContext = createContext<LiveTickets | null>(null);

/**
 * Runs `fetch` for each call without ever cancelling one in flight: calls meanwhile ask for one
 * more run when it ends. A list refetched on every hub event must not be cancelled by the next
 * event: at a restaurant's peak, events come faster than the list answers, and each one
 * cancelling the last kept the screen unchanged until the orders paused (found by `npm run
 * day`: 685 of 1,837 orders never shown).
 */
export function coalesced(fetch: () => Promise<unknown>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await fetch().catch(() => undefined);
        } while (again);
      } finally {
        running = null;
      }
    })();
    return running;
  };
}

const maySeeTickets = (role: MembershipRole | undefined) =>
  role !== undefined && rolesFor('LiveTickets').includes(role);

/**
 * Holds the one realtime connection and the live tickets list for the whole admin shell
 * (spec §4.6, §7.4): the list is read in full once, then caught up with what changed since
 * (tickets-list.ts) on every hub event, 1–4 s after a reconnect, within 2 s of a resync and
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
  const clientRef = useRef<RealtimeClient | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const client = createClient();
    const refetchList = coalesced(() =>
      queryClient.invalidateQueries({ queryKey: ticketKeys.list() }, { cancelRefetch: false }),
    );
    let resyncTimer: ReturnType<typeof setTimeout> | undefined;
    const onUpdate = (update: TicketsUpdate) => {
      if (update.change === 'resync') {
        // Every screen of every server copy hears it at once: spread their catch-up reads.
        clearTimeout(resyncTimer);
        resyncTimer = setTimeout(
          () => void queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
          Math.random() * RESYNC_JITTER_MS,
        );
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
    clientRef.current = client;
    return () => {
      clientRef.current = null;
      clearTimeout(resyncTimer);
      for (const stop of unsubscribe) stop();
      client.stop();
    };
  }, [enabled, createClient, queryClient]);

  // The hub learns this tab's chime is on: the branch's listeners count it (issue 36).
  useEffect(() => {
    if (started) clientRef.current?.setSoundOn(true);
  }, [started, enabled]);

  const start = useCallback(async () => {
    setStarted(true);
    if (await unlockNotificationSound()) await playNotificationSound();
  }, []);

  useOfflineReplay(enabled);
  const online = useOnline();
  const waiting = useQueuedChanges().length;
  const banner = useMemo(
    () =>
      enabled && (!online || waiting > 0) ? (
        <OfflineBanner online={online} waiting={waiting} />
      ) : undefined,
    [enabled, online, waiting],
  );

  useNewOrderAlerts(
    enabled ? tickets.data?.results : undefined,
    started,
    openTicket,
    setOpenTicket,
  );

  const value = useMemo<LiveTickets>(
    () => ({
      enabled,
      tickets,
      liveOrdersCount: enabled ? tickets.data?.counters.newAndUnVerifiedTicketsCounter : undefined,
      connectionState: enabled ? connectionState : undefined,
      banner,
      started,
      start,
      openTicket,
      setOpenTicket,
    }),
    [enabled, tickets, connectionState, started, start, openTicket, banner],
  );
  return <LiveTicketsContext value={value}>{children}</LiveTicketsContext>;
}

/** The newest of the orders (by time, then number). */
const newestOf = (orders: readonly TicketSummary[]) =>
  orders.reduce<TicketSummary | undefined>(
    (a, b) =>
      !a ||
      b.timestamp > a.timestamp ||
      (b.timestamp === a.timestamp && b.ticketNumber > a.ticketNumber)
        ? b
        : a,
    undefined,
  );

/**
 * The orders the one new-order toast announces, newest last; the toast's texts and its button
 * read them as they change, so a toast that is already up grows instead of stacking another.
 */
function createToastOrders() {
  let orders: readonly TicketSummary[] = [];
  // What the toast says; kept while it slides away after its orders are cleared.
  let shown = { count: 0, number: 0 };
  const listeners = new Set<() => void>();
  return {
    get: () => orders,
    shown: () => shown,
    set(next: readonly TicketSummary[]) {
      orders = next;
      const latest = newestOf(next);
      if (latest) shown = { count: next.length, number: latest.ticketNumber };
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
type ToastOrders = ReturnType<typeof createToastOrders>;

/**
 * Spec §4.1: a not-yet-accepted ticket that appears after the first load plays the chime and
 * raises the toast with Open Latest Order. There is one toast at a time: more orders grow its
 * count; it drops the orders opened meanwhile or no longer waiting, and closes when none is
 * left; its button opens the newest order not yet seen and its close button dismisses it. It
 * sits at the bottom, clear of the title, the filters and the ticket header (spec §2.3).
 * The chime repeats every 22 s while any such ticket exists.
 */
function useNewOrderAlerts(
  tickets: readonly TicketSummary[] | undefined,
  started: boolean,
  opened: TicketRef | null,
  openTicket: (ticket: TicketRef) => void,
) {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const seen = useRef<Set<string> | null>(null);
  const [orders] = useState(createToastOrders);
  const toastKey = useRef<SnackbarKey | null>(null);
  // Read when the toast's button is pressed, which may be on another page than it opened.
  const currentPath = useRef(pathname);
  useEffect(() => {
    currentPath.current = pathname;
  }, [pathname]);

  const dismiss = useCallback(() => {
    if (toastKey.current !== null) closeSnackbar(toastKey.current);
    toastKey.current = null;
    orders.set([]);
  }, [closeSnackbar, orders]);

  /** Announces `next`; raises the toast unless it is up, closes it when nothing is left. */
  const announce = useCallback(
    (next: readonly TicketSummary[]) => {
      orders.set(next);
      if (next.length === 0) return dismiss();
      if (toastKey.current !== null) return;
      toastKey.current = enqueueSnackbar(<NewOrderToastText orders={orders} />, {
        variant: 'info',
        anchorOrigin: NEW_ORDER_TOAST_ANCHOR,
        autoHideDuration: NEW_ORDER_TOAST_MS,
        onClose: (_event, _reason, key) => {
          if (key !== toastKey.current) return;
          toastKey.current = null;
          orders.set([]);
        },
        action: () => (
          <NewOrderToastActions
            onOpen={() => {
              const latest = newestOf(orders.get());
              dismiss();
              if (!latest) return;
              openTicket({ tenantId: latest.tenantId, ticketId: latest.id });
              if (currentPath.current !== paths.liveOrders) void navigate(paths.liveOrders);
            }}
            onClose={dismiss}
          />
        ),
      });
    },
    [orders, dismiss, enqueueSnackbar, openTicket, navigate],
  );

  useEffect(() => {
    if (!tickets) return;
    const waiting = tickets.filter((ticket) => isNotAccepted(ticket.status));
    const previous = seen.current;
    seen.current = new Set([...(previous ?? []), ...waiting.map((ticket) => ticket.id)]);
    // The first load only learns what is already there.
    if (!previous || !started) return;
    const fresh = waiting.filter((ticket) => !previous.has(ticket.id));
    const stillWaiting = new Map(waiting.map((ticket) => [ticket.id, ticket]));
    const kept = orders.get().flatMap((order) => stillWaiting.get(order.id) ?? []);
    if (fresh.length > 0) void playNotificationSound();
    if (fresh.length > 0 || kept.length !== orders.get().length) announce([...kept, ...fresh]);
    // Only a new list raises an alert; the other inputs only shape the next one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tickets]);

  // An order opened from the list (or anywhere) has been seen.
  useEffect(() => {
    if (!opened || !orders.get().some((order) => order.id === opened.ticketId)) return;
    announce(orders.get().filter((order) => order.id !== opened.ticketId));
  }, [opened, orders, announce]);

  const anyWaiting = tickets?.some((ticket) => isNotAccepted(ticket.status)) ?? false;
  useEffect(() => {
    if (!started || !anyWaiting) return;
    const timer = setInterval(() => void playNotificationSound(), UNVERIFIED_SOUND_MS);
    return () => clearInterval(timer);
  }, [started, anyWaiting]);
}

function NewOrderToastText({ orders }: { orders: ToastOrders }) {
  const { t } = useTranslation('tickets');
  const { count, number } = useSyncExternalStore(orders.subscribe, orders.shown);
  // The texts are components so a toast that stays for hours follows a language switch.
  return count === 1 ? t('toast.newOrder', { number }) : t('toast.newOrders', { count });
}

function NewOrderToastActions({ onOpen, onClose }: { onOpen: () => void; onClose: () => void }) {
  const { t } = useTranslation('tickets');
  return (
    <>
      <Button color="inherit" size="small" onClick={onOpen}>
        {t('toast.openLatest')}
      </Button>
      <IconButton color="inherit" size="small" aria-label={t('toast.close')} onClick={onClose}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </>
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
  return {
    liveOrdersCount: live?.liveOrdersCount,
    connectionState: live?.connectionState,
    banner: live?.banner,
  };
}

/** Offline: said at once, with how many changes wait to be sent (issue 36). */
function OfflineBanner({ online, waiting }: { online: boolean; waiting: number }) {
  const { t } = useTranslation('tickets');
  return (
    <Alert severity={online ? 'info' : 'warning'} square role="status">
      {!online && t('offline.banner')} {waiting > 0 && t('offline.waiting', { count: waiting })}
    </Alert>
  );
}

/**
 * Sends the status changes made offline when the connection is back (and at start), then says
 * what became of each: sent, or already moved by someone else (who, when the server says).
 */
function useOfflineReplay(enabled: boolean) {
  const { t } = useTranslation('tickets');
  const notify = useNotify();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const replay = async () => {
      if (!navigator.onLine || queuedChanges().length === 0) return;
      const done = await replayQueued();
      for (const result of done) {
        const number = result.change.ticketNumber;
        if (result.outcome === 'sent') notify.success(t('offline.sent', { number }));
        else {
          const status = t(`offline.became.${result.current?.status ?? 'UnVerified'}`);
          notify.error(
            result.by
              ? t('offline.lostBy', { number, status, by: result.by })
              : t('offline.lost', { number, status }),
          );
        }
      }
      if (done.length > 0) await queryClient.invalidateQueries({ queryKey: ticketKeys.all });
    };
    void replay();
    window.addEventListener('online', replay);
    return () => window.removeEventListener('online', replay);
  }, [enabled, notify, queryClient, t]);
}
