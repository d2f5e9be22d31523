import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatMoney, type Currency, type Language } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { compactNumber, countText } from '../lib/dashboard-format.ts';

/** One bar or slice: its label, its orders and sales; `current` marks today among the days. */
export type ChartDatum = {
  key: string;
  label: string;
  orders: number;
  sales: number;
  current?: boolean;
};

type ChartProps = {
  data: readonly ChartDatum[];
  currency: Currency;
  lang: Language;
};

const HEIGHT = 240;

/** A titled panel holding one chart, or its empty message when the period has no orders. */
export function ChartCard({
  id,
  title,
  empty,
  children,
}: {
  id: string;
  title: string;
  empty: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={id}
      sx={{ padding: 2, minInlineSize: 0, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Typography id={id} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {empty ? (
        <Stack
          role="status"
          spacing={1}
          sx={{ alignItems: 'center', justifyContent: 'center', minBlockSize: HEIGHT }}
        >
          <InsightsOutlined color="disabled" sx={{ fontSize: 40 }} />
          <Typography color="text.secondary">{t('charts.noOrders')}</Typography>
        </Stack>
      ) : (
        // SVG text anchors follow the page direction: the chart is drawn left to right and
        // mirrored through its axes instead (reversed, orientation), so labels stay in place.
        <Box dir="ltr" sx={{ blockSize: HEIGHT, inlineSize: '100%' }}>
          {children}
        </Box>
      )}
    </Paper>
  );
}

/** The tooltip of every chart: the bar's label, its orders and its sales. */
function FiguresTooltip({
  active,
  payload,
  currency,
  lang,
}: {
  active?: boolean;
  payload?: readonly { payload?: ChartDatum }[];
  currency: Currency;
  lang: Language;
}) {
  const { t } = useTranslation('dashboard');
  const theme = useTheme();
  const datum = payload?.[0]?.payload;
  if (!active || !datum) return null;
  return (
    <Paper dir={theme.direction} elevation={3} sx={{ paddingBlock: 1, paddingInline: 1.5 }}>
      <Typography variant="subtitle2">{datum.label}</Typography>
      <Typography variant="body2">
        {t('charts.ordersValue', { value: countText(datum.orders, lang) })}
      </Typography>
      <Typography variant="body2">
        <bdi>{formatMoney(datum.sales, currency, lang)}</bdi>
      </Typography>
    </Paper>
  );
}

/** Axes that read from the right in Arabic: the first hour or day sits at the reading start. */
function useAxes() {
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
  return {
    rtl,
    tick: { fill: theme.palette.text.secondary, fontSize: 12 },
    grid: theme.palette.divider,
    primary: theme.palette.primary.main,
    muted: theme.palette.primary.light,
  };
}

/** Orders by hour of the local clock: 24 bars. */
export function OrdersByHourChart({ data, currency, lang }: ChartProps) {
  const axes = useAxes();
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={[...data]} margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
        <CartesianGrid vertical={false} stroke={axes.grid} />
        <XAxis dataKey="label" reversed={axes.rtl} tick={axes.tick} interval={2} tickLine={false} />
        <YAxis
          orientation={axes.rtl ? 'right' : 'left'}
          allowDecimals={false}
          tick={axes.tick}
          width={32}
          tickFormatter={(v: number) => compactNumber(v, lang)}
        />
        <Tooltip
          cursor={{ fillOpacity: 0.08 }}
          content={({ active, payload }) => (
            <FiguresTooltip active={active} payload={payload} currency={currency} lang={lang} />
          )}
        />
        <Bar
          dataKey="orders"
          fill={axes.primary}
          radius={[3, 3, 0, 0]}
          maxBarSize={24}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Sales of each day of the week so far; today's bar in the full colour. */
export function SalesByDayChart({ data, currency, lang }: ChartProps) {
  const axes = useAxes();
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={[...data]} margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
        <CartesianGrid vertical={false} stroke={axes.grid} />
        <XAxis dataKey="label" reversed={axes.rtl} tick={axes.tick} tickLine={false} />
        <YAxis
          orientation={axes.rtl ? 'right' : 'left'}
          tick={axes.tick}
          width={40}
          tickFormatter={(v: number) => compactNumber(v, lang)}
        />
        <Tooltip
          cursor={{ fillOpacity: 0.08 }}
          content={({ active, payload }) => (
            <FiguresTooltip active={active} payload={payload} currency={currency} lang={lang} />
          )}
        />
        <Bar dataKey="sales" radius={[3, 3, 0, 0]} maxBarSize={48} isAnimationActive={false}>
          {data.map((d) => (
            <Cell key={d.key} fill={d.current ? axes.primary : axes.muted} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Orders per checkout template as a ring, with its legend. */
export function TemplateChart({ data, currency, lang }: ChartProps) {
  const theme = useTheme();
  const colours = [
    theme.palette.primary.main,
    theme.palette.secondary.main,
    theme.palette.success.main,
  ];
  const shown = data.filter((d) => d.orders > 0);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <PieChart>
        <Pie
          data={shown}
          dataKey="orders"
          nameKey="label"
          innerRadius="55%"
          outerRadius="80%"
          paddingAngle={shown.length > 1 ? 2 : 0}
          stroke="none"
          isAnimationActive={false}
        >
          {shown.map((d) => (
            <Cell key={d.key} fill={colours[data.indexOf(d) % colours.length]} />
          ))}
        </Pie>
        <Tooltip
          content={({ active, payload }) => (
            <FiguresTooltip active={active} payload={payload} currency={currency} lang={lang} />
          )}
        />
        <Legend
          verticalAlign="bottom"
          wrapperStyle={{ direction: theme.direction }}
          formatter={(value: string, entry) => {
            const datum = (entry.payload as ChartDatum | undefined) ?? undefined;
            return (
              <Box component="span" sx={{ color: 'text.primary', marginInlineStart: 0.5 }}>
                {value}
                {datum ? ` · ${countText(datum.orders, lang)}` : ''}
              </Box>
            );
          }}
        />
      </PieChart>
    </ResponsiveContainer>
  );
}

/** Sales per branch as horizontal bars, branch names at the reading start. */
export function BranchChart({ data, currency, lang }: ChartProps) {
  const axes = useAxes();
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart
        data={[...data]}
        layout="vertical"
        margin={{ top: 8, right: 16, left: 16, bottom: 0 }}
      >
        <CartesianGrid horizontal={false} stroke={axes.grid} />
        <XAxis
          type="number"
          reversed={axes.rtl}
          tick={axes.tick}
          tickFormatter={(v: number) => compactNumber(v, lang)}
        />
        <YAxis
          type="category"
          dataKey="label"
          orientation={axes.rtl ? 'right' : 'left'}
          tick={axes.tick}
          width={96}
          tickLine={false}
        />
        <Tooltip
          cursor={{ fillOpacity: 0.08 }}
          content={({ active, payload }) => (
            <FiguresTooltip active={active} payload={payload} currency={currency} lang={lang} />
          )}
        />
        <Bar
          dataKey="sales"
          fill={axes.primary}
          radius={axes.rtl ? [3, 0, 0, 3] : [0, 3, 3, 0]}
          maxBarSize={28}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
