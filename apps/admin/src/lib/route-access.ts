import { matchPath } from 'react-router';
import { hasPermission, isPlatformPermission, type Permission, type Role } from '@app/contracts';
import { ADMIN_PAGES, type AdminPage } from './pages.ts';
import type { Session } from './session.tsx';

export type RouteAccess = Pick<AdminPage, 'path' | 'permission' | 'end'>;

const segments = (path: string) => path.split('/').filter(Boolean);

/**
 * The pages as the guard and the side menu try them: the most specific first (more segments,
 * then fewer parameters), so a page below another is matched by its own rule.
 */
const RULES: readonly RouteAccess[] = (Object.values(ADMIN_PAGES) as AdminPage[]).sort(
  (a, b) =>
    segments(b.path).length - segments(a.path).length ||
    segments(a.path).filter((s) => s.startsWith(':')).length -
      segments(b.path).filter((s) => s.startsWith(':')).length,
);

/** The page rule covering an admin path, or undefined for a path no admin page has. */
export function accessRuleFor(pathname: string): RouteAccess | undefined {
  return RULES.find((rule) => matchPath({ path: rule.path, end: rule.end ?? false }, pathname));
}

/** Who is asking: the role in the current tenant and what that tenant is. */
export interface AccessSubject {
  role: Role;
  hasTenant: boolean;
  isIntegrated: boolean;
}

export function accessSubjectOf(session: Session): AccessSubject | null {
  if (!session.user) return null;
  const tenant = session.tenants.find((t) => t.tenantId === session.tenantId);
  return {
    role: session.user.role,
    hasTenant: tenant !== undefined,
    isIntegrated: tenant?.isIntegrated ?? false,
  };
}

export function mayOpenRule(rule: { permission: Permission }, subject: AccessSubject): boolean {
  // A tenant page needs a tenant; the platform's own pages need none.
  if (!subject.hasTenant && !isPlatformPermission(rule.permission)) return false;
  return hasPermission(subject, rule.permission);
}

/** May this user open this admin path? false for paths no admin page has. */
export function mayOpen(pathname: string, subject: AccessSubject | null): boolean {
  const rule = accessRuleFor(pathname);
  return subject !== null && rule !== undefined && mayOpenRule(rule, subject);
}
