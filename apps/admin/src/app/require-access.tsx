import { Navigate, Outlet, useLocation } from 'react-router';
import { ReloadPageAlert } from '../components/retry-alert.tsx';
import { Spinner } from '../components/spinner.tsx';
import { rememberReturnPath } from '../lib/auth.ts';
import { paths } from '../lib/paths.ts';
import { accessRuleFor, accessSubjectOf, mayOpenRule } from '../lib/route-access.ts';
import { useSession } from '../lib/session.tsx';

/**
 * The route guard of spec §4.5 for every /admin page: signed out → sign-in (remembering the
 * page), no tenant → outlet sign-up, a role the page's rule does not list → unauthorized, a
 * path no admin page has → the login landing.
 */
export function RequireAccess() {
  const session = useSession();
  const { pathname, search } = useLocation();

  if (session.status === 'loading') return <Spinner />;
  if (session.status === 'failed') {
    return <ReloadPageAlert />;
  }
  const subject = accessSubjectOf(session);
  if (!subject) {
    rememberReturnPath(pathname + search);
    return <Navigate to={paths.login} replace />;
  }
  if (subject.role !== 'SuperAdmin' && !subject.hasTenant) {
    return <Navigate to={paths.outletSignup} replace />;
  }
  const rule = accessRuleFor(pathname);
  if (!rule) return <Navigate to={paths.loginLanding} replace />;
  if (!mayOpenRule(rule, subject)) return <Navigate to={paths.unauthorized} replace />;
  return <Outlet />;
}
