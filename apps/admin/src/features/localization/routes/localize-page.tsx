import { useMemo, useState } from 'react';
import { matchPath, useLocation, useOutlet } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import TranslateOutlinedIcon from '@mui/icons-material/TranslateOutlined';
import { sourceLanguageOf } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { modifierGroupsQuery, useCatalogTree } from '../../../lib/catalog-queries.ts';
import { useSession } from '../../../lib/session.tsx';
import { useTenantSession } from '../../../lib/use-tenant-session.ts';
import { TranslationTree } from '../components/translation-tree.tsx';
import { translationRoots } from '../lib/translation-tree.ts';
import { localizationPaths } from '../paths.ts';

/**
 * localize (menu-management.md §2 screen 16): the tree of what to translate, and the chosen
 * entry's form (the child routes category|item|modifiergroup/{id}) beside it; on a phone (xs)
 * the tree and the form are each a page of their own.
 */
export function LocalizePage() {
  const { t } = useTranslation('localization');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.only('xs'), { noSsr: true });
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const selectedId = matchPath(`${localizationPaths.root}/:kind/:id`, pathname)?.params.id ?? null;
  // Kept here, above the child routes, so it survives opening a form and coming back.
  const [onlyUntranslated, setOnlyUntranslated] = useState(false);

  const tree = (
    <TreePanel
      selectedId={selectedId}
      onlyUntranslated={onlyUntranslated}
      onOnlyUntranslatedChange={setOnlyUntranslated}
    />
  );
  return (
    <Stack spacing={2.5} sx={{ maxInlineSize: 1200 }}>
      <Box>
        <Typography variant="h4" component="h1">
          {t('title')}
        </Typography>
        {!(phone && outlet) && (
          <Typography color="text.secondary" sx={{ marginBlockStart: 1, maxInlineSize: 760 }}>
            {t('intro')}
          </Typography>
        )}
      </Box>
      {phone ? (
        (outlet ?? tree)
      ) : (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { sm: 'minmax(240px, 2fr) 3fr', lg: '380px 1fr' },
            gap: 2,
            alignItems: 'start',
          }}
        >
          <Box
            sx={{
              position: 'sticky',
              insetBlockStart: 80,
              maxBlockSize: 'calc(100vh - 96px)',
              overflowY: 'auto',
            }}
          >
            {tree}
          </Box>
          {outlet ?? (
            <Paper
              variant="outlined"
              sx={{
                padding: 4,
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                gap: 1.5,
                textAlign: 'center',
                color: 'text.secondary',
              }}
            >
              <TranslateOutlinedIcon fontSize="large" aria-hidden />
              <Typography>{t('choose')}</Typography>
            </Paper>
          )}
        </Box>
      )}
    </Stack>
  );
}

function TreePanel({
  selectedId,
  onlyUntranslated,
  onOnlyUntranslatedChange,
}: {
  selectedId: string | null;
  onlyUntranslated: boolean;
  onOnlyUntranslatedChange: (only: boolean) => void;
}) {
  const { tenantId, lang } = useTenantSession();
  const { profile } = useSession();
  const menu = useCatalogTree(tenantId);
  const groups = useQuery({ ...modifierGroupsQuery(tenantId), enabled: tenantId !== '' });
  const source = sourceLanguageOf(profile?.defaultAdminLanguage ?? 'en');
  const roots = useMemo(
    () =>
      menu.data && groups.data ? translationRoots(menu.data, groups.data, lang, source) : null,
    [menu.data, groups.data, lang, source],
  );

  if (menu.isError) return <LoadError error={menu.error} onRetry={() => void menu.refetch()} />;
  if (groups.isError)
    return <LoadError error={groups.error} onRetry={() => void groups.refetch()} />;
  if (!roots) return <Spinner />;
  return (
    <TranslationTree
      roots={roots}
      selectedId={selectedId}
      onlyUntranslated={onlyUntranslated}
      onOnlyUntranslatedChange={onOnlyUntranslatedChange}
    />
  );
}
