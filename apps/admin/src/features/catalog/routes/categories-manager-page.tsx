import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../../components/back-link.tsx';
import { ValidationError } from '../../../lib/api-client.ts';
import { useMoveSection } from '../api/catalog-queries.ts';
import { catalogKeys, useCatalogTree } from '../../../lib/catalog-queries.ts';
import { useCatalogSession } from '../api/use-catalog-session.ts';
import { IntegratedBanner } from '../../../components/integrated-banner.tsx';
import { CategoriesTree } from '../components/categories-tree.tsx';
import { QueryStatus } from '../../../components/load-error.tsx';
import { useCatalogNotify } from '../../../lib/use-catalog-notify.tsx';
import { catalogPaths } from '../paths.ts';

/** menu-management.md §2 screen 4: the tree reloads about 350 ms after a drop. */
export const TREE_RELOAD_DELAY_MS = 350;

const MOVE_ERRORS = [
  'category_max_depth',
  'category_with_sections_cannot_move',
  'move_into_itself',
];

/** The integrated categories manager ('manage catalog v2'): move sections by drag and drop. */
export function CategoriesManagerPage() {
  const { t } = useTranslation('catalog');
  const session = useCatalogSession();
  const { tenantId } = session;
  const tree = useCatalogTree(tenantId);
  const queryClient = useQueryClient();
  const notify = useCatalogNotify();
  const [reloading, setReloading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const reloadSoon = () => {
    setReloading(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void queryClient
        .invalidateQueries({ queryKey: catalogKeys.all(tenantId) })
        .finally(() => setReloading(false));
    }, TREE_RELOAD_DELAY_MS);
  };

  const move = useMoveSection(tenantId, {
    onSuccess: () => {
      notify.updated();
      reloadSoon();
    },
    onError: (error) => {
      const code =
        error instanceof ValidationError
          ? error.fieldErrors.flatMap((e) => e.codes).find((c) => MOVE_ERRORS.includes(c))
          : undefined;
      if (code) notify.error(t(`errors.${code}` as 'errors.category_max_depth'));
      else notify.saveFailed(error);
      reloadSoon();
    },
  });
  const loading = tree.isFetching || move.isPending || reloading;

  return (
    <Stack spacing={2.5} sx={{ maxInlineSize: 900 }}>
      <Box>
        <BackLink to={catalogPaths.mainSections}>{t('actions.backToSections')}</BackLink>
      </Box>
      <Typography variant="h4" component="h1">
        {t('tree.title')}
      </Typography>
      <IntegratedBanner />
      {session.canEdit && !session.showSections && (
        <Alert severity="info">{t('alerts.deliveryFocused')}</Alert>
      )}
      <Typography color="text.secondary">
        {session.canEdit ? t('tree.intro') : t('tree.readOnly')}
      </Typography>
      <QueryStatus query={tree} />
      {tree.data && (
        <Box sx={{ position: 'relative' }}>
          <LinearProgress
            aria-hidden
            sx={{
              position: 'absolute',
              insetInline: 0,
              insetBlockStart: 0,
              visibility: loading ? 'visible' : 'hidden',
            }}
          />
          {tree.data.children.length === 0 ? (
            <Alert severity="info">{t('mainSections.empty')}</Alert>
          ) : (
            <CategoriesTree
              root={tree.data}
              loading={loading}
              canMove={session.canEdit}
              mainSectionsLocked={!session.showSections}
              onMove={(nodeId, verdict) =>
                move.mutate({
                  nodeId,
                  nodeType: 'category',
                  parentId: verdict.parentId,
                  newIndex: verdict.newIndex,
                })
              }
              onRefused={(_, verdict) => {
                if (verdict.reason !== 'loading')
                  notify.error(t(`tree.refusalToast.${verdict.reason}`));
              }}
            />
          )}
        </Box>
      )}
    </Stack>
  );
}
