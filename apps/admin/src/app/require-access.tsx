import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import type { Permission } from '@app/contracts';
import { paths } from '../lib/paths.ts';
import { useCurrentTenant, usePermissions, useSession } from './session.tsx';

/** The route guard of spec §4.5. Renders its children, or the nested routes when none. */
export function RequireAccess({
  permission,
  children,
}: {
  permission?: Permission;
  children?: ReactNode;
}) {
  const { user } = useSession();
  const tenant = useCurrentTenant();
  const permissions = usePermissions();

  if (!user) return <Navigate to={paths.login} replace />;
  if (user.role !== 'SuperAdmin' && !tenant) return <Navigate to={paths.outletSignup} replace />;
  if (permission && !permissions.has(permission)) {
    return <Navigate to={paths.unauthorized} replace />;
  }
  return children ?? <Outlet />;
}
