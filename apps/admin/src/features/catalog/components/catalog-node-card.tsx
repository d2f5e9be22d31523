import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { TreeNode } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { excludedFromTemplates } from '../lib/templates.ts';
import { NodeChips } from './node-chips.tsx';
import { NodeImage } from './node-image.tsx';
import { useTemplateNames } from './use-template-names.ts';

export interface CatalogNodeCardProps {
  node: TreeNode;
  title: string;
  subtitle?: string | null;
  /** The image type's aspect (width / height). */
  aspect: number;
  /** 'banner' puts a large image on top (the menu card); 'row' a thumbnail at the start. */
  layout?: 'banner' | 'row';
  /** The price line of an item. */
  price?: ReactNode;
  /** The optional active toggle. */
  toggle?: { checked: boolean; label: string; onChange: (checked: boolean) => void };
  /** The schedule clock of a section. */
  schedule?: ReactNode;
  /** The buttons of this node type: Edit / Enter / Items / Edit. */
  actions?: ReactNode;
}

/**
 * The reusable catalog node card (menu-management.md §2 screen 3): image or placeholder,
 * title, subtitle, 'Excluded from: ...', 'Hidden' and new markers, an optional active toggle,
 * the schedule clock and the type's buttons.
 */
export function CatalogNodeCard({
  node,
  title,
  subtitle,
  aspect,
  layout = 'row',
  price,
  toggle,
  schedule,
  actions,
}: CatalogNodeCardProps) {
  const { t } = useTranslation('catalog');
  const templateNames = useTemplateNames();
  const excluded = excludedFromTemplates(node.excludedCheckoutTemplates);
  const banner = layout === 'banner';

  return (
    <Card
      variant="outlined"
      data-testid={`node-${node.id}`}
      sx={{
        display: 'flex',
        flexDirection: banner ? 'column' : 'row',
        gap: banner ? 0 : 1.5,
        padding: banner ? 0 : 1.5,
        blockSize: '100%',
        opacity: node.active ? 1 : 0.75,
      }}
    >
      {banner ? (
        <Box sx={{ inlineSize: '100%' }}>
          <NodeImageFull src={node.img} aspect={aspect} />
        </Box>
      ) : (
        <NodeImage src={node.img} width={88} aspect={aspect} />
      )}
      <Stack spacing={0.5} sx={{ flexGrow: 1, minInlineSize: 0, padding: banner ? 2 : 0 }}>
        <Typography
          variant={banner ? 'h6' : 'subtitle1'}
          component={banner ? 'h2' : 'h4'}
          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {title}
        </Typography>
        {subtitle && (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {subtitle}
          </Typography>
        )}
        {price}
        {excluded.length > 0 && (
          <Typography variant="caption" color="warning.dark">
            {t('chips.excludedFrom', { templates: templateNames(excluded) })}
          </Typography>
        )}
        <NodeChips node={node} showRemoved={false} />
        {(toggle || schedule || actions) && (
          <Stack
            direction="row"
            sx={{ alignItems: 'center', gap: 0.5, flexWrap: 'wrap', marginBlockStart: 'auto' }}
          >
            {toggle && (
              <FormControlLabel
                sx={{ marginInlineEnd: 'auto' }}
                control={
                  <Switch
                    size="small"
                    checked={toggle.checked}
                    onChange={(_, checked) => toggle.onChange(checked)}
                    slotProps={{ input: { 'aria-label': toggle.label } }}
                  />
                }
                label={toggle.checked ? t('item.visible') : t('chips.hidden')}
              />
            )}
            {schedule}
            {actions}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function NodeImageFull({ src, aspect }: { src: string | null; aspect: number }) {
  return (
    <Box
      sx={{
        inlineSize: '100%',
        aspectRatio: String(aspect),
        bgcolor: 'grey.100',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        overflow: 'hidden',
      }}
    >
      {src ? (
        <Box
          component="img"
          src={src}
          alt=""
          sx={{ inlineSize: '100%', blockSize: '100%', objectFit: 'cover' }}
        />
      ) : (
        <NodeImage src={null} width={64} aspect={1} />
      )}
    </Box>
  );
}
