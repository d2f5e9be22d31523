import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IMAGE_SIZES, localize, type TreeNode } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useSidePanel } from '../../../components/side-panel.tsx';
import { SortableList } from '../../../components/sortable-list.tsx';
import { useSavePositions } from '../api/catalog-queries.ts';
import { useCatalogSession } from '../api/use-catalog-session.ts';
import { NodeImage } from './node-image.tsx';
import { useCatalogNotify } from '../../../lib/use-catalog-notify.tsx';
import { useDragAccessibility } from './use-drag-accessibility.ts';

/**
 * The Order Items panel (menu-management.md §2 screen 12) and Sort Sections: a drag-sortable
 * list saved with PUT .../position, positions being the new index order.
 */
export function OrderPanel({
  parentId,
  nodes,
  kind,
}: {
  /** The section (or the menu root) whose children are sorted. */
  parentId: string;
  nodes: readonly TreeNode[];
  kind: 'items' | 'sections';
}) {
  const { t } = useTranslation('catalog');
  const { tenantId, lang } = useCatalogSession();
  const panel = useSidePanel();
  const notify = useCatalogNotify();
  const savePositions = useSavePositions(tenantId);
  const [order, setOrder] = useState(() => [...nodes]);
  const titleOf = (node: TreeNode) => localize(node.title, lang);
  const accessibility = useDragAccessibility((id) => {
    const node = order.find((n) => n.id === id);
    return node ? titleOf(node) : id;
  });
  const aspect = kind === 'items' ? IMAGE_SIZES.item : IMAGE_SIZES.section;

  const save = () =>
    savePositions.mutate(
      { parentId, ids: order.map((node) => node.id) },
      {
        onSuccess: () => {
          notify.updated();
          panel.closePanel();
        },
        onError: (error) => notify.saveFailed(error),
      },
    );

  if (nodes.length === 0) {
    return <Typography color="text.secondary">{t('order.empty')}</Typography>;
  }
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('order.hint')}
      </Typography>
      <SortableList
        items={order}
        getId={(node) => node.id}
        onReorder={(next) => setOrder(next)}
        label={t(kind === 'items' ? 'order.itemsTitle' : 'order.sectionsTitle')}
        handleLabel={(node) => t('order.move', { name: titleOf(node) })}
        accessibility={accessibility}
        renderItem={(node) => (
          <Stack
            direction="row"
            sx={{
              alignItems: 'center',
              gap: 1.5,
              paddingBlock: 0.75,
              borderBlockEnd: 1,
              borderColor: 'divider',
            }}
          >
            <NodeImage src={node.img} width={48} aspect={aspect.width / aspect.height} />
            <Typography sx={{ flexGrow: 1, minInlineSize: 0 }} noWrap>
              {titleOf(node)}
            </Typography>
          </Stack>
        )}
      />
      <Box>
        <Button
          variant="contained"
          onClick={save}
          disabled={savePositions.isPending}
          startIcon={
            savePositions.isPending ? <CircularProgress size={16} color="inherit" /> : undefined
          }
        >
          {t('actions.save')}
        </Button>
      </Box>
    </Stack>
  );
}
