import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { TreeNode } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { nodeChips } from '../lib/templates.ts';
import { useTemplateNames } from './use-template-names.ts';

/** 'Hidden', new and 'Removed: templates' (menu-management.md §4). */
export function NodeChips({
  node,
  showRemoved = true,
}: {
  node: Pick<TreeNode, 'active' | 'new' | 'excludedCheckoutTemplates'>;
  showRemoved?: boolean;
}) {
  const { t } = useTranslation('catalog');
  const templateNames = useTemplateNames();
  const chips = nodeChips(node).filter((chip) => showRemoved || chip.kind !== 'removed');
  if (chips.length === 0) return null;
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
      {chips.map((chip) => {
        if (chip.kind === 'hidden')
          return <Chip key="hidden" size="small" color="default" label={t('chips.hidden')} />;
        if (chip.kind === 'new')
          return <Chip key="new" size="small" color="success" label={t('chips.new')} />;
        return (
          <Chip
            key="removed"
            size="small"
            color="warning"
            variant="outlined"
            label={t('chips.removed', { templates: templateNames(chip.templates) })}
          />
        );
      })}
    </Stack>
  );
}
