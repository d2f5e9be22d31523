import type { ReactNode } from 'react';
import { useSession } from '../../lib/session.tsx';
import { useEmailStatus } from './api/account-queries.ts';
import { EmailBanners } from './components/email-banners.tsx';

/** What the identity area puts into the shell: the e-mail banners of §2.12 and §4.7. */
export function useAccountShell(): { banner?: ReactNode } {
  const session = useSession();
  const signedIn = session.status === 'signedIn';
  const tenantId = signedIn ? session.tenantId : null;
  const status = useEmailStatus(signedIn ? (session.user?.email ?? null) : null, tenantId);
  if (!tenantId || !status.data) return {};
  return { banner: <EmailBanners status={status.data} tenantId={tenantId} /> };
}
