import { useEffect, useState, type ReactNode } from 'react';
import { matchPath, useLocation } from 'react-router';
import { useCurrentTenant, usePermissions, useSession } from '../../lib/session.tsx';
import { paths } from '../../lib/paths.ts';
import { useQuery } from '@tanstack/react-query';
import { pushRoutes } from '@app/contracts';
import { callApi } from '../../lib/api-client.ts';
import { outletKeys, useBranchStatuses } from './api/outlet-status-queries.ts';
import { NobodyListeningBanner } from './components/nobody-listening-banner.tsx';
import { BranchStatusText } from './components/branch-status-text.tsx';
import { OutletBanner } from './components/outlet-banner.tsx';

/** Spec §4.4 and §9: the branch status text refreshes every 30 s, the first time after 250 ms. */
export const STATUS_TEXT_REFRESH_MS = 30_000;
export const STATUS_TEXT_FIRST_DELAY_MS = 250;

export interface OutletShell {
  /** The branch status text of the top bar (spec §2.12). */
  branchStatus?: ReactNode;
  /** The admin banner under the top bar: closed and not-accepting branches (spec §2.12). */
  banner?: ReactNode;
}

/** True once `delayMs` has passed since mounting. */
function useAfter(delayMs: number): boolean {
  const [passed, setPassed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setPassed(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return passed;
}

const STATUS_SCREENS = [paths.acceptOrders, paths.operatingStatus];

/**
 * What the outlet area puts into the shell for a signed-in user of a tenant. It reads the
 * same query as the status screen, so a toggle there shows here at once.
 */
export function useOutletShell(): OutletShell {
  const session = useSession();
  const tenant = useCurrentTenant();
  const permissions = usePermissions();
  const { pathname } = useLocation();
  const started = useAfter(STATUS_TEXT_FIRST_DELAY_MS);
  const inTenant = session.status === 'signedIn' && tenant !== null;
  const statuses = useBranchStatuses(inTenant ? tenant.tenantId : null, {
    enabled: started,
    refetchInterval: STATUS_TEXT_REFRESH_MS,
  });
  const tenantId = inTenant ? tenant.tenantId : '';
  const listening = useQuery({
    queryKey: [...outletKeys.all(tenantId), 'listening'],
    queryFn: ({ signal }) =>
      callApi(pushRoutes.tenantListening, { params: { tenantId } }, { signal }),
    enabled: inTenant && started && permissions.has('LiveTickets'),
    refetchInterval: STATUS_TEXT_REFRESH_MS,
  });
  if (!inTenant || !statuses.data) return {};

  const onStatusScreen = STATUS_SCREENS.some((path) => matchPath(path, pathname));
  return {
    branchStatus: <BranchStatusText branches={statuses.data} />,
    banner: (
      <>
        <OutletBanner
          branches={statuses.data}
          showManageLink={permissions.has('OperatingStatus') && !onStatusScreen}
        />
        {listening.data && (
          <NobodyListeningBanner
            branches={statuses.data}
            listening={listening.data}
            showLink={!onStatusScreen}
          />
        )}
      </>
    ),
  };
}
