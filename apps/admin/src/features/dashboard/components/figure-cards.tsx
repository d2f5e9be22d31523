import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import ShoppingBasketOutlined from '@mui/icons-material/ShoppingBasketOutlined';
import { formatMoney, type Currency, type DashboardFigures, type Language } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { countText } from '../lib/dashboard-format.ts';

export type Period = 'today' | 'week';

function FigureCard({
  label,
  value,
  note,
  icon,
}: {
  label: string;
  value: string;
  note: string;
  icon: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      role="group"
      aria-label={label}
      sx={{ padding: 2, display: 'flex', gap: 1.5, alignItems: 'flex-start', minInlineSize: 0 }}
    >
      <Box
        aria-hidden
        sx={{
          display: { xs: 'none', sm: 'flex' },
          padding: 1,
          borderRadius: 2,
          bgcolor: 'action.hover',
          color: 'primary.main',
        }}
      >
        {icon}
      </Box>
      <Box sx={{ minInlineSize: 0 }}>
        <Typography variant="body2" color="text.secondary" noWrap>
          {label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 600 }} data-testid="figure">
          <bdi>{value}</bdi>
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {note}
        </Typography>
      </Box>
    </Paper>
  );
}

/** The headline figures of the chosen period, each with the other period beside it. */
export function FigureCards({
  today,
  week,
  period,
  currency,
  lang,
}: {
  today: DashboardFigures;
  week: DashboardFigures;
  period: Period;
  currency: Currency;
  lang: Language;
}) {
  const { t } = useTranslation('dashboard');
  const shown = period === 'today' ? today : week;
  const other = period === 'today' ? week : today;
  const compare = (value: string) =>
    period === 'today' ? t('figures.weekCompare', { value }) : t('figures.todayCompare', { value });
  const money = (amount: number) => formatMoney(amount, currency, lang);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      <FigureCard
        label={t('figures.orders')}
        value={countText(shown.orders, lang)}
        note={compare(countText(other.orders, lang))}
        icon={<ReceiptLongOutlined />}
      />
      <FigureCard
        label={t('figures.sales')}
        value={money(shown.sales)}
        note={compare(money(other.sales))}
        icon={<PaymentsOutlined />}
      />
      <FigureCard
        label={t('figures.averageTicket')}
        value={money(shown.averageTicket)}
        note={compare(money(other.averageTicket))}
        icon={<ShoppingBasketOutlined />}
      />
      <FigureCard
        label={t('figures.awaitingAcceptance')}
        value={countText(shown.awaitingAcceptance, lang)}
        note={t('figures.cancelledNote', { value: countText(shown.cancelled, lang) })}
        icon={<HourglassEmptyOutlined />}
      />
    </Box>
  );
}
