import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CreateNewFolderOutlinedIcon from '@mui/icons-material/CreateNewFolderOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LowPriorityIcon from '@mui/icons-material/LowPriority';
import { CATALOG_LIMITS, IMAGE_SIZES, localize, type TreeNode } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useSidePanel } from '../../../components/side-panel.tsx';
import { useSetAvailability } from '../api/catalog-queries.ts';
import { useCatalogSession } from '../api/use-catalog-session.ts';
import type { SectionView } from '../lib/search.ts';
import { itemsOf } from '../../../lib/catalog-tree.ts';
import { catalogPaths } from '../paths.ts';
import { CatalogNodeCard } from './catalog-node-card.tsx';
import { CategoryEditor } from './category-editor.tsx';
import { HideWhenUnavailableSwitch } from './hide-when-unavailable-switch.tsx';
import { ItemEditor } from './item-editor.tsx';
import { NodeChips } from './node-chips.tsx';
import { OrderPanel } from './order-panel.tsx';
import { PriceText } from './price-text.tsx';
import { ScheduleButton } from './schedule-button.tsx';
import { useCatalogNotify } from '../../../lib/use-catalog-notify.tsx';

const ITEM_ASPECT = IMAGE_SIZES.item.width / IMAGE_SIZES.item.height;

export interface SectionBlockProps {
  view: SectionView;
  /** 0 for the page's own section; sub-sections are nested below it. */
  depth: number;
  /** The page's Availability toggle: a visibility switch on every item. */
  availability: boolean;
  onSchedule: (id: string, title: string) => void;
  onDeleted: (section: TreeNode) => void;
}

/** A section of the section page: its buttons, its items and its sub-sections (screen 6). */
export function SectionBlock({
  view,
  depth,
  availability,
  onSchedule,
  onDeleted,
}: SectionBlockProps) {
  const { t } = useTranslation('catalog');
  const session = useCatalogSession();
  const panel = useSidePanel();
  const notify = useCatalogNotify();
  const setAvailability = useSetAvailability(session.tenantId);
  const { node } = view;
  const title = localize(node.title, session.lang);
  const allItems = itemsOf(node);
  const headingLevel = Math.min(2 + depth - 1, 6);

  const openItem = (item: TreeNode | null) =>
    panel.openPanel(
      <ItemEditor sectionId={node.id} sectionTitle={title} itemId={item?.id ?? null} />,
      { title: t(item ? 'itemEditor.editTitle' : 'itemEditor.addTitle') },
    );
  const openSection = (editing: boolean) =>
    panel.openPanel(
      editing ? (
        <CategoryEditor
          categoryId={node.id}
          parentId={node.parentId}
          onDeleted={() => onDeleted(node)}
        />
      ) : (
        <CategoryEditor categoryId={null} parentId={node.id} parentTitle={title} />
      ),
      { title: t(editing ? 'categoryEditor.editTitle' : 'categoryEditor.addTitle') },
    );
  const toggle = (item: TreeNode, active: boolean) =>
    setAvailability.mutate(
      { id: item.id, active },
      { onError: (error) => notify.saveFailedWithRefresh(error) },
    );

  const body = (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 1, alignItems: { sm: 'flex-start' }, justifyContent: 'space-between' }}
      >
        <Stack spacing={0.5} sx={{ minInlineSize: 0 }}>
          {depth > 0 && (
            <Link
              component={RouterLink}
              to={catalogPaths.section(node.id)}
              variant="h6"
              role="heading"
              aria-level={headingLevel}
              sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
            >
              {title}
            </Link>
          )}
          {node.desc && (
            <Typography variant="body2" color="text.secondary">
              {localize(node.desc, session.lang)}
            </Typography>
          )}
          <NodeChips node={node} />
        </Stack>
        <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
          {session.canEdit && <HideWhenUnavailableSwitch sectionId={node.id} title={title} />}
          <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
            <ScheduleButton
              section={node}
              title={title}
              canEdit={session.canEditSchedule}
              onOpen={() => onSchedule(node.id, title)}
            />
            {session.canEdit && (
              <>
                <Tooltip title={t('actions.editSection')}>
                  <IconButton
                    aria-label={t('actions.editSectionNamed', { section: title })}
                    onClick={() => openSection(true)}
                  >
                    <EditOutlinedIcon />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('actions.sortItems')}>
                  <span>
                    <IconButton
                      aria-label={t('actions.sortItemsNamed', { section: title })}
                      disabled={allItems.length < 2}
                      onClick={() =>
                        panel.openPanel(
                          <OrderPanel parentId={node.id} nodes={allItems} kind="items" />,
                          { title: t('order.itemsTitle') },
                        )
                      }
                    >
                      <LowPriorityIcon />
                    </IconButton>
                  </span>
                </Tooltip>
              </>
            )}
          </Stack>
        </Stack>
      </Stack>

      {view.items.length > 0 ? (
        <Box
          component="ul"
          aria-label={t('section.itemsOf', { section: title })}
          sx={{
            listStyle: 'none',
            margin: 0,
            padding: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr)',
              md: 'repeat(2, minmax(0, 1fr))',
              xl: 'repeat(3, minmax(0, 1fr))',
            },
          }}
        >
          {view.items.map((item) => {
            const itemTitle = localize(item.title, session.lang);
            return (
              <Box component="li" key={item.id}>
                <CatalogNodeCard
                  node={item}
                  title={itemTitle}
                  subtitle={item.desc ? localize(item.desc, session.lang) : null}
                  aspect={ITEM_ASPECT}
                  price={<PriceText variants={item.variants} />}
                  toggle={
                    availability && session.canToggleAvailability
                      ? {
                          checked: item.active,
                          label: t('item.visibleSwitch', { item: itemTitle }),
                          onChange: (checked) => toggle(item, checked),
                        }
                      : undefined
                  }
                  actions={
                    session.canEdit ? (
                      <Button
                        size="small"
                        startIcon={<EditOutlinedIcon />}
                        onClick={() => openItem(item)}
                        aria-label={t('actions.editItemNamed', { item: itemTitle })}
                        sx={{ marginInlineStart: 'auto' }}
                      >
                        {t('actions.edit')}
                      </Button>
                    ) : undefined
                  }
                />
              </Box>
            );
          })}
        </Box>
      ) : (
        allItems.length === 0 &&
        view.sections.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('section.noItems')}
          </Typography>
        )
      )}

      {session.canEdit && (
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            size="small"
            startIcon={<AddIcon />}
            onClick={() => openItem(null)}
          >
            {t('actions.createItemIn', { section: title })}
          </Button>
          {node.level < CATALOG_LIMITS.maxSectionLevel && (
            <Button
              variant="outlined"
              size="small"
              startIcon={<CreateNewFolderOutlinedIcon />}
              onClick={() => openSection(false)}
            >
              {t('actions.createSectionIn', { section: title })}
            </Button>
          )}
        </Stack>
      )}

      {view.sections.map((sub) => (
        <SectionBlock
          key={sub.node.id}
          view={sub}
          depth={depth + 1}
          availability={availability}
          onSchedule={onSchedule}
          onDeleted={onDeleted}
        />
      ))}
    </Stack>
  );

  if (depth === 0) return body;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-label={title}
      data-testid={`section-block-${node.id}`}
      sx={{
        padding: { xs: 1.5, sm: 2 },
        borderInlineStartWidth: 4,
        borderInlineStartColor: depth === 1 ? 'primary.light' : 'secondary.light',
      }}
    >
      {body}
    </Paper>
  );
}
