import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../lib/lazy-page.ts';
import { paths } from '../../../lib/paths.ts';
import { AuthCallbackPage } from './auth-callback-page.tsx';
import { LoginLandingPage } from './login-landing-page.tsx';
import { LoginPage } from './login-page.tsx';
import { LogoutCallbackPage } from './logout-callback-page.tsx';
import { LogoutPage } from './logout-page.tsx';
import { UnauthorizedPage } from './unauthorized-page.tsx';

// The sign-in pages ship with the app, not on demand: the landing is the first visit's page and
// must paint without a second round trip; together they weigh a few kB. The outlet sign-up
// loads on its visit: its phone rule (libphonenumber) must stay off the landing.

/** The sign-in pages, outside the admin shell (spec §2.12: no side menu on them). */
export const identityPublicRoutes: RouteObject[] = [
  { path: paths.loginLanding, element: <LoginLandingPage /> },
  { path: paths.login, element: <LoginPage /> },
  { path: paths.authCallback, element: <AuthCallbackPage /> },
  { path: paths.logoutCallback, element: <LogoutCallbackPage /> },
  {
    path: paths.outletSignup,
    lazy: lazyPage(
      () => import('./outlet-signup-page.tsx'),
      (m) => m.OutletSignupPage,
      ['account'],
    ),
  },
];

/** The identity pages inside the admin shell. */
export const identityFrameRoutes: RouteObject[] = [
  { path: paths.unauthorized, element: <UnauthorizedPage /> },
  { path: paths.logout, element: <LogoutPage /> },
];
