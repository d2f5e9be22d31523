import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { localize, type Discount } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useTenantSession } from '../../../lib/use-tenant-session.ts';
import { amountOrDash, discountValueText } from '../lib/discount-display.ts';
import { DISCOUNT_TEMPLATES } from '../lib/discount-form.ts';
import { discountPaths } from '../paths.ts';

export interface DiscountListProps {
  discounts: readonly Discount[];
  /** Discounts whose active toggle is being saved: it waits. */
  saving: ReadonlySet<string>;
  onToggle: (discount: Discount, active: boolean) => void;
  /** Stacked cards instead of the table (narrow screens). */
  cards: boolean;
}

const COLUMNS = [
  'active',
  'usage',
  'type',
  'enabledFor',
  'code',
  'value',
  'minOrder',
  'maxDiscount',
  'expiry',
  'edit',
] as const;

function Templates({ discount }: { discount: Discount }) {
  const { t } = useTranslation('discounts');
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
      {DISCOUNT_TEMPLATES.filter((x) => discount.checkoutTemplates.includes(x)).map((x) => (
        <Chip key={x} size="small" variant="outlined" label={t(`templates.${x}`)} />
      ))}
    </Stack>
  );
}

function CodeAndName({ discount }: { discount: Discount }) {
  const { lang } = useTenantSession();
  return (
    <Stack sx={{ minInlineSize: 0 }}>
      <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'break-word' }} dir="ltr">
        {discount.discountCode}
      </Typography>
      <Typography
        component="span"
        variant="body2"
        color="text.secondary"
        sx={{ overflowWrap: 'break-word' }}
      >
        {localize(discount.discountName, lang)}
      </Typography>
    </Stack>
  );
}

function ActiveSwitch({
  discount,
  saving,
  onToggle,
}: {
  discount: Discount;
  saving: boolean;
  onToggle: DiscountListProps['onToggle'];
}) {
  const { t } = useTranslation('discounts');
  return (
    <Switch
      checked={discount.active}
      disabled={saving}
      onChange={(_, active) => onToggle(discount, active)}
      slotProps={{
        input: { 'aria-label': t('list.activeNamed', { code: discount.discountCode }) },
      }}
    />
  );
}

function EditButton({ discount }: { discount: Discount }) {
  const { t } = useTranslation('discounts');
  return (
    <IconButton
      component={RouterLink}
      to={discountPaths.form(discount.id)}
      aria-label={t('list.editNamed', { code: discount.discountCode })}
    >
      <EditOutlined />
    </IconButton>
  );
}

function UsageCount({ discount }: { discount: Discount }) {
  const { t } = useTranslation('discounts');
  return (
    <Typography variant="body2" color="text.secondary">
      {discount.overallUsageLimit > 0
        ? t('list.usedOf', { count: discount.usageCount, limit: discount.overallUsageLimit })
        : t('list.used', { count: discount.usageCount })}
    </Typography>
  );
}

/** §2.5: the discount list as a table, or as cards on a narrow screen. */
export function DiscountList({ discounts, saving, onToggle, cards }: DiscountListProps) {
  const { t } = useTranslation('discounts');
  const { currency, lang } = useTenantSession();
  const money = (amount: number) => amountOrDash(amount, currency, lang);

  if (cards) {
    return (
      <Box
        component="ul"
        aria-label={t('list.label')}
        sx={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 1.5 }}
      >
        {discounts.map((d) => (
          <li key={d.id}>
            <Card variant="outlined" data-testid={`discount-${d.discountCode}`}>
              <CardContent sx={{ display: 'grid', gap: 1 }}>
                <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
                  <Box sx={{ flexGrow: 1, minInlineSize: 0 }}>
                    <CodeAndName discount={d} />
                  </Box>
                  <ActiveSwitch discount={d} saving={saving.has(d.id)} onToggle={onToggle} />
                  <EditButton discount={d} />
                </Stack>
                <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                  <Chip size="small" label={t(`application.${d.discountApplication}`)} />
                  <Chip size="small" label={t(`type.${d.discountType}`)} />
                  <Typography sx={{ fontWeight: 600 }}>
                    {discountValueText(d, currency, lang)}
                  </Typography>
                </Stack>
                <Templates discount={d} />
                <Box
                  component="dl"
                  sx={{
                    margin: 0,
                    display: 'grid',
                    gridTemplateColumns: 'auto 1fr',
                    columnGap: 2,
                    rowGap: 0.25,
                    '& dt': { color: 'text.secondary' },
                    '& dd': { margin: 0 },
                  }}
                >
                  <dt>{t('list.columns.minOrder')}</dt>
                  <dd>{money(d.minOrderValue)}</dd>
                  <dt>{t('list.columns.maxDiscount')}</dt>
                  <dd>{money(d.maximumDiscountValue)}</dd>
                  <dt>{t('list.columns.expiry')}</dt>
                  <dd>{t('list.never')}</dd>
                </Box>
                <UsageCount discount={d} />
              </CardContent>
            </Card>
          </li>
        ))}
      </Box>
    );
  }

  return (
    <TableContainer component={Paper} variant="outlined">
      {/* Ten columns beside the side menu at 1280 px: narrower gutters, headers may wrap. */}
      <Table
        size="small"
        aria-label={t('list.label')}
        sx={{
          '& th, & td': { paddingInline: 1 },
          '& th:first-of-type, & td:first-of-type': { paddingInlineStart: 2 },
        }}
      >
        <TableHead>
          <TableRow>
            {COLUMNS.map((c) => (
              <TableCell key={c} sx={{ fontWeight: 600 }}>
                {t(`list.columns.${c}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {discounts.map((d) => (
            <TableRow key={d.id} hover data-testid={`discount-${d.discountCode}`}>
              <TableCell>
                <ActiveSwitch discount={d} saving={saving.has(d.id)} onToggle={onToggle} />
              </TableCell>
              <TableCell>{t(`application.${d.discountApplication}`)}</TableCell>
              <TableCell>{t(`type.${d.discountType}`)}</TableCell>
              <TableCell>
                <Templates discount={d} />
              </TableCell>
              <TableCell sx={{ minInlineSize: 140, maxInlineSize: 240 }}>
                <CodeAndName discount={d} />
                <UsageCount discount={d} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {discountValueText(d, currency, lang)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{money(d.minOrderValue)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{money(d.maximumDiscountValue)}</TableCell>
              <TableCell>{t('list.never')}</TableCell>
              <TableCell>
                <EditButton discount={d} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
