import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import { localize, type DashboardSummary, type Language } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { BranchSelect } from '../../../components/branch-select.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { paths } from '../../../lib/paths.ts';
import { useCurrentTenant, useSession } from '../../../lib/session.tsx';
import { useTenantSession } from '../../../lib/use-tenant-session.ts';
import { useDashboardSummary } from '../api/dashboard-queries.ts';
import {
  BranchChart,
  ChartCard,
  OrdersByHourChart,
  SalesByDayChart,
  TemplateChart,
  type ChartDatum,
} from '../components/dashboard-charts.tsx';
import { FigureCards, type Period } from '../components/figure-cards.tsx';
import { SetupChecklistCard } from '../components/setup-checklist.tsx';
import { TopItems } from '../components/top-items.tsx';
import { dayLabel, hourLabel, longDate, timeText } from '../lib/dashboard-format.ts';

/**
 * dashboard/main-dashboard (spec §2.1, owners only; its content is ours to design): today's
 * and this week's orders, sales and average ticket, orders by hour, the week by day, by
 * checkout template and by branch, and the top items, for every branch or one.
 */
export function MainDashboardPage() {
  const { t } = useTranslation(['dashboard', 'common']);
  const { user } = useSession();
  const tenant = useCurrentTenant();
  const { tenantId, lang } = useTenantSession();
  const [branchId, setBranchId] = useState<string | null>(null);
  const [period, setPeriod] = useState<Period>('today');
  const summary = useDashboardSummary(tenantId, branchId);
  const data = summary.data;

  let body;
  if (!data && summary.isPending) body = <Spinner label={t('loading')} />;
  else if (!data)
    body = (
      <LoadError
        error={summary.error}
        onRetry={() => void summary.refetch()}
        message={t('loadError')}
        snackbar={false}
      />
    );
  else body = <Figures data={data} period={period} lang={lang} />;

  return (
    <Stack spacing={3} sx={{ minInlineSize: 0 }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-end' } }}
      >
        <div>
          <Typography variant="h4" component="h1">
            {t('common:dashboard.title')}
          </Typography>
          <Typography color="text.secondary">
            {t('common:dashboard.welcome', { name: user?.name ?? '' })}
          </Typography>
          {tenant && (
            <Typography variant="body2" color="text.secondary">
              {t('common:dashboard.tenant', { tenant: localize(tenant.localizedName, lang) })}
            </Typography>
          )}
        </div>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap', alignItems: 'center' }}
        >
          <BranchSelect
            label={t('branch')}
            allLabel={t('allBranches')}
            value={branchId ?? ''}
            onChange={(next) => setBranchId(next === '' ? null : next)}
            sx={{ minInlineSize: 180, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
          />
          <ToggleButtonGroup
            exclusive
            size="small"
            value={period}
            onChange={(_, next: Period | null) => next && setPeriod(next)}
            aria-label={t('period.label')}
          >
            <ToggleButton value="today">{t('period.today')}</ToggleButton>
            <ToggleButton value="week">{t('period.week')}</ToggleButton>
          </ToggleButtonGroup>
          <IconButton
            aria-label={t('refresh')}
            onClick={() => void summary.refetch()}
            disabled={summary.isFetching}
          >
            <RefreshOutlined />
          </IconButton>
        </Stack>
      </Stack>
      <SetupChecklistCard />
      {body}
    </Stack>
  );
}

function Figures({
  data,
  period,
  lang,
}: {
  data: DashboardSummary;
  period: Period;
  lang: Language;
}) {
  const { t } = useTranslation('dashboard');
  const shown = data[period];
  const { currency } = data;
  const hours: ChartDatum[] = shown.byHour.map((h) => ({
    key: String(h.hour),
    label: hourLabel(h.hour),
    orders: h.orders,
    sales: h.sales,
  }));
  const days: ChartDatum[] = data.week.byDay.map((d) => ({
    key: d.date,
    label: dayLabel(d.date, lang),
    orders: d.orders,
    sales: d.sales,
    current: d.date === data.today.startDate,
  }));
  const templates: ChartDatum[] = shown.byTemplate.map((b) => ({
    key: b.checkoutTemplate,
    label: t(`templates.${b.checkoutTemplate}`),
    orders: b.orders,
    sales: b.sales,
  }));
  const branches: ChartDatum[] = shown.byBranch.map((b) => ({
    key: b.branchId,
    label: localize(b.branchName, lang),
    orders: b.orders,
    sales: b.sales,
  }));
  const none = shown.figures.orders === 0;
  const chartProps = { currency, lang };

  return (
    <>
      <Typography variant="body2" color="text.secondary" role="status">
        {period === 'today'
          ? longDate(data.today.startDate, lang)
          : t('weekRange', {
              from: longDate(data.week.startDate, lang),
              to: longDate(data.week.endDate, lang),
            })}
        {' · '}
        {t('updatedAt', { time: timeText(data.generatedAt, lang) })}
      </Typography>
      <FigureCards
        today={data.today.figures}
        week={data.week.figures}
        period={period}
        currency={currency}
        lang={lang}
      />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <ChartCard
          id="dashboard-by-hour"
          title={period === 'today' ? t('charts.byHourToday') : t('charts.byHourWeek')}
          empty={none}
        >
          <OrdersByHourChart data={hours} {...chartProps} />
        </ChartCard>
        <ChartCard
          id="dashboard-by-day"
          title={t('charts.byDay')}
          empty={data.week.figures.orders === 0}
        >
          <SalesByDayChart data={days} {...chartProps} />
        </ChartCard>
        <ChartCard id="dashboard-by-template" title={t('charts.byTemplate')} empty={none}>
          <TemplateChart data={templates} {...chartProps} />
        </ChartCard>
        <ChartCard id="dashboard-by-branch" title={t('charts.byBranch')} empty={none}>
          <BranchChart data={branches} {...chartProps} />
        </ChartCard>
      </Box>
      <TopItems items={shown.topItems} currency={currency} lang={lang} />
      <Typography variant="body2" color="text.secondary">
        {t('counted', { timeZone: data.timeZone })}{' '}
        <Link component={RouterLink} to={paths.allTicketsReport}>
          {t('openReport')}
        </Link>
      </Typography>
    </>
  );
}
