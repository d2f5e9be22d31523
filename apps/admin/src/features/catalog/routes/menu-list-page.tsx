import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LoginIcon from '@mui/icons-material/Login';
import { IMAGE_SIZES, localize } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { mirrorInRtl } from '../../../lib/direction.ts';
import { useCatalogTree } from '../../../lib/catalog-queries.ts';
import { useCatalogSession } from '../api/use-catalog-session.ts';
import { BannerDialog } from '../components/banner-dialog.tsx';
import { CatalogNodeCard } from '../components/catalog-node-card.tsx';
import { QueryStatus } from '../../../components/load-error.tsx';
import { PreviewMenuButton } from '../components/preview-menu-button.tsx';
import { sectionsOf } from '../../../lib/catalog-tree.ts';
import { catalogPaths } from '../paths.ts';

/** catalog/arrange: the menu list, one card for the default menu (menu-management.md §2 screen 1). */
export function MenuListPage() {
  const { t } = useTranslation('catalog');
  const session = useCatalogSession();
  const tree = useCatalogTree(session.tenantId);
  const [editing, setEditing] = useState(false);

  return (
    <Stack spacing={2.5}>
      <Typography variant="h4" component="h1">
        {t('menuList.title')}
      </Typography>
      <QueryStatus query={tree} />
      {tree.data && (
        <Box sx={{ maxInlineSize: 420 }}>
          <CatalogNodeCard
            node={tree.data}
            layout="banner"
            title={localize(tree.data.title, session.lang)}
            subtitle={t('menuList.subtitle', { count: sectionsOf(tree.data).length })}
            aspect={IMAGE_SIZES.banner.width / IMAGE_SIZES.banner.height}
            actions={
              <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', inlineSize: '100%' }}>
                {session.canEdit && (
                  <Button startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)}>
                    {t('actions.edit')}
                  </Button>
                )}
                <Button
                  variant="contained"
                  startIcon={<LoginIcon sx={mirrorInRtl} />}
                  component={RouterLink}
                  to={catalogPaths.mainSections}
                >
                  {t('actions.enter')}
                </Button>
                <PreviewMenuButton />
              </Stack>
            }
          />
        </Box>
      )}
      {editing && tree.data && (
        <BannerDialog current={tree.data.img} onClose={() => setEditing(false)} />
      )}
    </Stack>
  );
}
