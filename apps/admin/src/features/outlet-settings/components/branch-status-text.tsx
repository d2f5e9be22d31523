import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { localize, type BranchStatus } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n.ts';
import { branchStateOf, summarize } from '../lib/status-summary.ts';
import { STATE_COLOR } from './branch-state-chip.tsx';

/**
 * The top bar's branch status text (spec §2.12): the one branch's state, or how many of the
 * branches take orders now.
 */
export function BranchStatusText({ branches }: { branches: readonly BranchStatus[] }) {
  const { t } = useTranslation('outlet');
  const lang = useLanguage();
  const [only] = branches;
  if (!only) return null;

  let text: string;
  let color: 'success' | 'warning' | 'error';
  if (branches.length === 1) {
    const state = branchStateOf(only.branchOperatingStatus);
    text = t('topBar.single', {
      branch: localize(only.branchName, lang),
      state: t(`state.${state}`),
    });
    color = STATE_COLOR[state];
  } else {
    const summary = summarize(branches);
    text =
      summary.accepting === summary.total
        ? t('topBar.allAccepting')
        : t('topBar.someAccepting', { accepting: summary.accepting, total: summary.total });
    color =
      summary.accepting === summary.total ? 'success' : summary.accepting > 0 ? 'warning' : 'error';
  }

  return (
    <Box
      role="status"
      aria-label={t('topBar.label')}
      sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minInlineSize: 0 }}
    >
      <Box
        aria-hidden
        sx={{
          inlineSize: 8,
          blockSize: 8,
          borderRadius: '50%',
          bgcolor: `${color}.main`,
          flexShrink: 0,
        }}
      />
      <Typography variant="body2" color="text.secondary" noWrap data-testid="branch-status-text">
        {text}
      </Typography>
    </Box>
  );
}
