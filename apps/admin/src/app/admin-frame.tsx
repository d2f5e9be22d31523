import { useAccountShell } from '../features/identity/account-shell.tsx';
import { useOutletShell } from '../features/outlet-settings/outlet-shell.tsx';
import { LiveTicketsProvider, useLiveTicketsShell } from '../features/tickets/live-tickets.tsx';
import { useHeartbeat } from '../lib/heartbeat.ts';
import { AppShell } from '../shell/app-shell.tsx';
import { useSession } from '../lib/session.tsx';

/**
 * The admin shell with what the feature areas put into it: the live orders badge and the
 * realtime connection dot (tickets), the branch status text and the admin banner (outlet), the
 * e-mail banners (identity).
 * The shell itself knows no feature; this frame, in the app layer, joins them. It also runs
 * the version check of spec §4.6 for a signed-in user.
 */
export function AdminFrame() {
  return (
    <LiveTicketsProvider>
      <FramedShell />
    </LiveTicketsProvider>
  );
}

function FramedShell() {
  const live = useLiveTicketsShell();
  const outlet = useOutletShell();
  const account = useAccountShell();
  useHeartbeat(useSession().status === 'signedIn');
  return (
    <AppShell
      liveOrdersCount={live.liveOrdersCount}
      connectionState={live.connectionState}
      branchStatus={outlet.branchStatus}
      banner={
        live.banner || account.banner || outlet.banner ? (
          <>
            {live.banner}
            {account.banner}
            {outlet.banner}
          </>
        ) : undefined
      }
    />
  );
}
