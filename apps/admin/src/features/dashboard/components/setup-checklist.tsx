import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import type { SetupChecklist as Checklist, SetupStep } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import {
  branchProfilePath,
  deliveryFeesPath,
  paths,
  serviceAreasPath,
} from '../../../lib/paths.ts';
import { useTenantSession } from '../../../lib/use-tenant-session.ts';
import { useSetupChecklist } from '../api/dashboard-queries.ts';

/** The page where each step is done (the branch's for the branch settings). */
function pageOf(step: SetupStep, branchId: string | null): string {
  if (step === 'menu') return paths.catalog;
  if (!branchId) return paths.branchSettings;
  switch (step) {
    case 'deliveryZones':
      return deliveryFeesPath(branchId);
    case 'tables':
    case 'storefrontLink':
      return serviceAreasPath(branchId);
    default:
      // Opening hours, payment methods and the public ordering link are on the branch's page.
      return branchProfilePath(branchId);
  }
}

/**
 * A new outlet's setup (issue 33): each step ticked from the tenant's data and linking to the
 * page where it is done, shown above the figures until every step is done.
 */
export function SetupChecklistCard() {
  const { tenantId } = useTenantSession();
  const checklist = useSetupChecklist(tenantId);
  const data = checklist.data;
  // Nothing while it loads or if it cannot be read: the figures below are the page.
  if (!data || data.steps.every((s) => s.done)) return null;
  return <ChecklistCard data={data} />;
}

function ChecklistCard({ data }: { data: Checklist }) {
  const { t } = useTranslation('dashboard');
  const done = data.steps.filter((s) => s.done).length;
  const total = data.steps.length;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="setup-title"
      sx={{ padding: { xs: 2, sm: 3 } }}
    >
      <Stack spacing={1}>
        <Typography id="setup-title" variant="h6" component="h2">
          {t('setup.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('setup.intro')}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <LinearProgress
            variant="determinate"
            value={(done / total) * 100}
            aria-label={t('setup.progress', { done, total })}
            sx={{ flex: 1, maxInlineSize: 320, blockSize: 8, borderRadius: 4 }}
          />
          <Typography variant="body2">{t('setup.progress', { done, total })}</Typography>
        </Stack>
      </Stack>
      <Box component="ol" sx={{ listStyle: 'none', padding: 0, margin: 0, marginBlockStart: 2 }}>
        {data.steps.map(({ step, done: isDone }) => (
          <Box
            component="li"
            key={step}
            sx={{
              display: 'flex',
              gap: 1.5,
              alignItems: 'flex-start',
              paddingBlock: 1,
              borderBlockStart: 1,
              borderColor: 'divider',
            }}
          >
            {isDone ? (
              <CheckCircleIcon color="success" titleAccess={t('setup.done')} />
            ) : (
              <RadioButtonUncheckedIcon color="disabled" titleAccess={t('setup.todo')} />
            )}
            <div>
              <Link
                component={RouterLink}
                to={pageOf(step, data.branchId)}
                sx={{
                  fontWeight: 500,
                  color: isDone ? 'text.secondary' : undefined,
                  textDecorationLine: isDone ? 'line-through' : undefined,
                }}
              >
                {t(`setup.steps.${step}.label`)}
              </Link>
              <Typography variant="body2" color="text.secondary">
                {t(`setup.steps.${step}.hint`)}
              </Typography>
            </div>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
