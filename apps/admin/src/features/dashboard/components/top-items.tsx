import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import {
  formatMoney,
  localize,
  type Currency,
  type DashboardPeriod,
  type Language,
} from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { countText } from '../lib/dashboard-format.ts';

/** The most ordered items of the period, each with a bar of its share of the first one. */
export function TopItems({
  items,
  currency,
  lang,
}: {
  items: DashboardPeriod['topItems'];
  currency: Currency;
  lang: Language;
}) {
  const { t } = useTranslation('dashboard');
  const most = Math.max(1, ...items.map((i) => i.quantity));
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="dashboard-top-items"
      sx={{ padding: 2, minInlineSize: 0 }}
    >
      <Typography
        id="dashboard-top-items"
        variant="subtitle1"
        component="h2"
        sx={{ fontWeight: 600, marginBlockEnd: 1 }}
      >
        {t('charts.topItems')}
      </Typography>
      {items.length === 0 ? (
        <Stack role="status" spacing={1} sx={{ alignItems: 'center', paddingBlock: 6 }}>
          <InsightsOutlined color="disabled" sx={{ fontSize: 40 }} />
          <Typography color="text.secondary">{t('charts.noOrders')}</Typography>
        </Stack>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((item, i) => (
            <Box
              component="li"
              key={item.itemId}
              sx={{ paddingBlock: 1, borderBlockEnd: 1, borderColor: 'divider' }}
            >
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'baseline' }}>
                <Typography color="text.secondary" sx={{ minInlineSize: 20 }} aria-hidden>
                  {i + 1}
                </Typography>
                <Typography sx={{ flex: 1, minInlineSize: 0 }} noWrap>
                  {localize(item.localizedTitle, lang)}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                  {t('charts.quantityValue', { value: countText(item.quantity, lang) })}
                </Typography>
                <Typography variant="body2" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                  <bdi>{formatMoney(item.sales, currency, lang)}</bdi>
                </Typography>
              </Stack>
              <Box
                aria-hidden
                sx={{
                  marginBlockStart: 0.5,
                  marginInlineStart: 4,
                  blockSize: 4,
                  borderRadius: 2,
                  bgcolor: 'primary.main',
                  opacity: 0.7,
                  inlineSize: `calc((100% - 32px) * ${item.quantity / most})`,
                }}
              />
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
