import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { localize, type BranchOperatingStatus } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.tsx';
import { useLanguage } from '../../../lib/i18n.ts';

/**
 * tickets/manage until the live-orders work replaces it: the current tenant's branches with
 * whether each is open and accepting orders, and an honest empty ticket list.
 */
export function LiveOrdersPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { profile } = useSession();
  const branches = profile?.branchProfiles ?? [];

  return (
    <Stack spacing={3} sx={{ maxInlineSize: 960 }}>
      <div>
        <Typography variant="h4" component="h1">
          {t('liveOrders.title')}
        </Typography>
        {profile && (
          <Typography color="text.secondary">{localize(profile.localizedName, lang)}</Typography>
        )}
      </div>
      <section aria-labelledby="live-orders-branches">
        <Typography id="live-orders-branches" variant="h6" component="h2" gutterBottom>
          {t('liveOrders.branches')}
        </Typography>
        <Stack spacing={1.5}>
          {branches.map((branch) => (
            <Card key={branch.branchId} variant="outlined">
              <CardContent
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  alignItems: 'center',
                  gap: 1.5,
                  '&:last-child': { paddingBlockEnd: 2 },
                }}
              >
                <Typography component="h3" sx={{ fontWeight: 500, flexGrow: 1 }}>
                  {localize(branch.branchName, lang)}
                </Typography>
                <BranchStatusChips status={branch.branchOperatingStatus} />
              </CardContent>
            </Card>
          ))}
        </Stack>
      </section>
      <Paper
        variant="outlined"
        sx={{ paddingBlock: 6, paddingInline: 3, textAlign: 'center' }}
        role="status"
      >
        <ReceiptLongOutlined color="disabled" sx={{ fontSize: 48 }} />
        <Typography variant="h6" component="p">
          {t('liveOrders.empty')}
        </Typography>
        <Typography color="text.secondary">{t('liveOrders.emptyHint')}</Typography>
      </Paper>
    </Stack>
  );
}

function BranchStatusChips({ status }: { status: BranchOperatingStatus }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
      {status.closed ? (
        <Chip size="small" color="default" label={t('liveOrders.closed')} />
      ) : (
        <Chip size="small" color="success" variant="outlined" label={t('liveOrders.open')} />
      )}
      {/* Spec §4.4: accepting orders is a separate toggle, hidden while the branch is closed. */}
      {!status.closed && (
        <Chip
          size="small"
          color={status.acceptingOrders ? 'success' : 'warning'}
          variant="outlined"
          label={t(status.acceptingOrders ? 'liveOrders.accepting' : 'liveOrders.notAccepting')}
        />
      )}
      {status.busy && <Chip size="small" color="warning" label={t('liveOrders.busy')} />}
    </Stack>
  );
}
