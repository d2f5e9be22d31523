import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { CacheProvider, type EmotionCache } from '@emotion/react';
import createCache from '@emotion/cache';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { I18nextProvider } from 'react-i18next';
import i18n from 'i18next';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';
import { ANNOUNCED_SNACKBARS } from '../components/announced-snackbar.tsx';
import { isApiError } from '../lib/api-client.ts';
import { directionOf, useLanguage, type Direction } from '../lib/i18n.ts';
import { SNACKBAR_ANCHOR, SNACKBAR_DURATION } from '../lib/notify.tsx';
import { createAppTheme } from './theme.ts';

const caches: Partial<Record<Direction, EmotionCache>> = {};

/** Right-to-left needs its own emotion cache so physical CSS from MUI is mirrored. */
function emotionCacheFor(direction: Direction): EmotionCache {
  caches[direction] ??=
    direction === 'rtl'
      ? createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] })
      : createCache({ key: 'mui' });
  return caches[direction];
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx answer will not change on a second try (and 401/403 already moved the user).
        retry: (failureCount, error) =>
          failureCount < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
        // Offline, a query still runs once: the service worker may answer it from its cache
        // (a tablet reloaded without Wi-Fi opens Live orders with the last known list).
        networkMode: 'offlineFirst',
      },
    },
  });
}

function DirectionalTheme({ children }: { children: ReactNode }) {
  const lang = useLanguage();
  const theme = useMemo(() => createAppTheme(lang), [lang]);
  return (
    <CacheProvider value={emotionCacheFor(directionOf(lang))}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}

/**
 * The snackbars' own layer at the end of the body. An open dialog hides the rest of the body
 * from screen readers (aria-hidden on its other children), which would silence the very
 * announcements a dialog's action makes ('Order #12 accepted'); this layer stays audible.
 */
function useSnackbarLayer(): HTMLElement {
  const [layer] = useState(() => {
    const element = document.createElement('div');
    element.dataset.snackbars = '';
    return element;
  });
  useEffect(() => {
    document.body.appendChild(layer);
    const observer = new MutationObserver(() => {
      if (layer.hasAttribute('aria-hidden')) layer.removeAttribute('aria-hidden');
    });
    observer.observe(layer, { attributes: true, attributeFilter: ['aria-hidden'] });
    return () => {
      observer.disconnect();
      layer.remove();
    };
  }, [layer]);
  return layer;
}

/** Everything the app needs around it except the session and the router. */
export function AppProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const snackbarLayer = useSnackbarLayer();
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <DirectionalTheme>
          <SnackbarProvider
            maxSnack={3}
            anchorOrigin={SNACKBAR_ANCHOR}
            autoHideDuration={SNACKBAR_DURATION.default}
            Components={ANNOUNCED_SNACKBARS}
            domRoot={snackbarLayer}
          >
            {children}
          </SnackbarProvider>
        </DirectionalTheme>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
