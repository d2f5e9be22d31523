import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import SwapVertIcon from '@mui/icons-material/SwapVert';
import { IMAGE_SIZES, localize, type TreeNode } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useSidePanel } from '../../../components/side-panel.tsx';
import { PageTitleBar } from '../../../components/page-header.tsx';
import { useCatalogTree } from '../../../lib/catalog-queries.ts';
import { useCatalogSession } from '../api/use-catalog-session.ts';
import { IntegratedBanner } from '../../../components/integrated-banner.tsx';
import { ItemsWithoutTaxesWarning } from '../components/catalog-alerts.tsx';
import { CategoryEditor } from '../components/category-editor.tsx';
import { QueryStatus } from '../../../components/load-error.tsx';
import { NodeChips } from '../components/node-chips.tsx';
import { NodeImage } from '../components/node-image.tsx';
import { OrderPanel } from '../components/order-panel.tsx';
import { PreviewMenuButton } from '../components/preview-menu-button.tsx';
import { ScheduleButton } from '../components/schedule-button.tsx';
import { ScheduleDialog } from '../components/section-schedule-dialog.tsx';
import { sectionsOf } from '../../../lib/catalog-tree.ts';
import { catalogPaths } from '../paths.ts';

const SECTION_ASPECT = IMAGE_SIZES.section.width / IMAGE_SIZES.section.height;

/** catalog/v2/categories: the main sections (menu-management.md §2 screen 5). */
export function MainSectionsPage() {
  const { t } = useTranslation('catalog');
  const session = useCatalogSession();
  const tree = useCatalogTree(session.tenantId);
  const panel = useSidePanel();
  const [schedule, setSchedule] = useState<{ id: string; title: string } | null>(null);
  const sections = tree.data ? sectionsOf(tree.data) : [];

  const openCreate = () =>
    panel.openPanel(<CategoryEditor categoryId={null} parentId={null} />, {
      title: t('categoryEditor.addTitle'),
    });
  const openEdit = (section: TreeNode) =>
    panel.openPanel(<CategoryEditor categoryId={section.id} parentId={section.parentId} />, {
      title: t('categoryEditor.editTitle'),
    });
  const openSort = (root: TreeNode) =>
    panel.openPanel(<OrderPanel parentId={root.id} nodes={sectionsOf(root)} kind="sections" />, {
      title: t('order.sectionsTitle'),
    });

  return (
    <Stack spacing={2.5} sx={{ maxInlineSize: 1100 }}>
      <PageTitleBar title={t('mainSections.title')}>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <PreviewMenuButton />
          <Button
            variant="outlined"
            startIcon={<AccountTreeOutlinedIcon />}
            component={RouterLink}
            to={catalogPaths.manager}
          >
            {t('actions.manageTree')}
          </Button>
          {session.canEdit && tree.data && (
            <Button
              variant="outlined"
              startIcon={<SwapVertIcon />}
              onClick={() => openSort(tree.data)}
              disabled={sections.length < 2}
            >
              {t('actions.sectionPositions')}
            </Button>
          )}
        </Stack>
      </PageTitleBar>

      <IntegratedBanner />
      {session.canEdit && !session.showSections && (
        <Alert severity="info">{t('alerts.deliveryFocused')}</Alert>
      )}
      {tree.data && <ItemsWithoutTaxesWarning tree={tree.data} />}

      {session.canEdit && (
        <Box>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={openCreate}
            disabled={!session.showSections}
          >
            {t('actions.createMainSection')}
          </Button>
        </Box>
      )}

      <QueryStatus query={tree} />
      {tree.data && sections.length === 0 && (
        <Paper variant="outlined" sx={{ padding: 4, textAlign: 'center' }}>
          <Typography variant="h6" component="p">
            {t('mainSections.empty')}
          </Typography>
          {session.canEdit && (
            <Typography color="text.secondary">{t('mainSections.emptyHint')}</Typography>
          )}
        </Paper>
      )}
      {sections.length > 0 && (
        <Paper variant="outlined" component="ul" sx={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {sections.map((section, index) => {
            const title = localize(section.title, session.lang);
            return (
              <Box
                component="li"
                key={section.id}
                data-testid={`main-section-${index}`}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  flexWrap: 'wrap',
                  gap: 1.5,
                  paddingInline: 2,
                  paddingBlock: 1.5,
                  borderBlockStart: index === 0 ? 0 : 1,
                  borderColor: 'divider',
                }}
              >
                <NodeImage src={section.img} width={72} aspect={SECTION_ASPECT} />
                <Stack spacing={0.5} sx={{ flex: '1 1 160px', minInlineSize: 0 }}>
                  <Link
                    component={RouterLink}
                    to={catalogPaths.section(section.id)}
                    variant="subtitle1"
                    sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                  >
                    {title}
                  </Link>
                  {section.desc && (
                    <Typography variant="body2" color="text.secondary" noWrap>
                      {localize(section.desc, session.lang)}
                    </Typography>
                  )}
                  <NodeChips node={section} />
                </Stack>
                <Stack
                  direction="row"
                  sx={{ alignItems: 'center', gap: 1, marginInlineStart: 'auto' }}
                >
                  <ScheduleButton
                    section={section}
                    title={title}
                    canEdit={session.canEditSchedule}
                    onOpen={() => setSchedule({ id: section.id, title })}
                  />
                  {session.canEdit && (
                    <Button
                      size="small"
                      startIcon={<EditOutlinedIcon />}
                      onClick={() => openEdit(section)}
                      disabled={!session.showSections}
                      aria-label={t('actions.editMainSectionNamed', { section: title })}
                    >
                      {t('actions.editMainSection')}
                    </Button>
                  )}
                </Stack>
              </Box>
            );
          })}
        </Paper>
      )}
      {schedule && (
        <ScheduleDialog
          sectionId={schedule.id}
          sectionTitle={schedule.title}
          onClose={() => setSchedule(null)}
        />
      )}
    </Stack>
  );
}
