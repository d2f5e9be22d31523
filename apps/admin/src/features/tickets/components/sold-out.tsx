import { useDeferredValue, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import RemoveShoppingCartOutlined from '@mui/icons-material/RemoveShoppingCartOutlined';
import {
  STOCK_LIMITS,
  localize,
  type Language,
  type SoldOutEntry,
  type StockMatch,
} from '@app/contracts';
import { useTranslation } from 'react-i18next';
import Dialog from '@mui/material/Dialog';
import { localeOf, useLanguage } from '../../../lib/i18n.ts';
import { useNotify } from '../../../lib/notify.tsx';
import { useCurrentTenant, useSession } from '../../../lib/session.tsx';
import { useBranchStock, useSetStock, type StockTarget } from '../api/stock.ts';

const HOUR = 3_600_000;
type Duration = 'hour' | 'closing' | 'opening' | 'manual';

/** An instant in the branch's time: the time, with the weekday when not within the day. */
function timeAt(iso: string, lang: Language, timeZone: string) {
  const far = new Date(iso).getTime() - Date.now() > 20 * HOUR;
  return new Intl.DateTimeFormat(localeOf(lang), {
    ...(far ? { weekday: 'short' } : {}),
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(iso));
}

/**
 * Live orders' quick "Sold out" list (issue 38): what is sold out at a branch now and when it is
 * back; a search of items, sizes and choices to sell out for an hour, until closing, until the
 * next opening, or until turned back on. Every role may.
 */
export function SoldOutButton() {
  const { t } = useTranslation('tickets');
  const tenant = useCurrentTenant();
  const { profile } = useSession();
  const tenantId = tenant?.tenantId ?? '';
  const branches = profile?.tenantId === tenantId ? (profile?.branchProfiles ?? []) : [];
  const [open, setOpen] = useState(false);
  const [branchId, setBranchId] = useState('');
  const chosen = branches.find((b) => b.branchId === branchId) ?? branches[0];
  const titleId = useId();
  const now = useBranchStock(tenantId, chosen?.branchId ?? '', '');
  if (!tenantId || !chosen) return null;
  const count = now.data?.soldOut.length ?? 0;

  return (
    <>
      <Badge badgeContent={count} color="warning" overlap="rectangular">
        <Button
          variant="outlined"
          startIcon={<RemoveShoppingCartOutlined />}
          onClick={() => setOpen(true)}
          aria-haspopup="dialog"
          sx={{ flexShrink: 0 }}
        >
          {t('soldOut.button')}
        </Button>
      </Badge>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby={titleId}
        maxWidth="sm"
        fullWidth
      >
        <DialogTitle id={titleId}>{t('soldOut.title')}</DialogTitle>
        <DialogContent>
          {open && (
            <SoldOutPanel
              tenantId={tenantId}
              branches={branches}
              branchId={chosen.branchId}
              onBranch={setBranchId}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('soldOut.done')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function SoldOutPanel({
  tenantId,
  branches,
  branchId,
  onBranch,
}: {
  tenantId: string;
  branches: { branchId: string; branchName: SoldOutEntry['title']; timeZone: string }[];
  branchId: string;
  onBranch: (id: string) => void;
}) {
  const { t } = useTranslation('tickets');
  const lang = useLanguage();
  const notify = useNotify();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const stock = useBranchStock(tenantId, branchId, deferred);
  const setStock = useSetStock(tenantId, branchId);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; target: StockMatch } | null>(null);
  const timeZone = branches.find((b) => b.branchId === branchId)?.timeZone ?? 'UTC';
  const data = stock.data;
  const titleOf = (e: {
    title: SoldOutEntry['title'];
    parentTitle: SoldOutEntry['parentTitle'];
  }) =>
    e.parentTitle
      ? `${localize(e.parentTitle, lang)} · ${localize(e.title, lang)}`
      : localize(e.title, lang);
  const backText = (until: string | null) =>
    until ? t('soldOut.backAt', { time: timeAt(until, lang, timeZone) }) : t('soldOut.untilOn');

  /** The branch's own instant of a choice (closing, next opening); null for the others. */
  const instantOf = (d: Duration): string | null =>
    d === 'closing' ? (data?.closesAt ?? null) : d === 'opening' ? (data?.opensAt ?? null) : null;

  const apply = (
    target: StockTarget & { name: string },
    outOfStock: boolean,
    until: string | null,
  ) =>
    setStock.mutate(
      { target, body: { outOfStock, until } },
      {
        onSuccess: () =>
          notify.success(
            outOfStock
              ? t('soldOut.done_soldOut', { name: target.name })
              : t('soldOut.done_back', { name: target.name }),
          ),
        onError: () => notify.error(t('soldOut.failed')),
      },
    );

  return (
    <Stack spacing={2}>
      {branches.length > 1 && (
        <TextField
          select
          label={t('soldOut.branch')}
          value={branchId}
          onChange={(e) => onBranch(e.target.value)}
          size="small"
        >
          {branches.map((b) => (
            <MenuItem key={b.branchId} value={b.branchId}>
              {localize(b.branchName, lang)}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Typography variant="subtitle2" component="h3">
        {t('soldOut.now')}
      </Typography>
      {stock.isError && <Alert severity="error">{t('soldOut.loadFailed')}</Alert>}
      {data && data.soldOut.length === 0 && (
        <Typography color="text.secondary">{t('soldOut.none')}</Typography>
      )}
      {data && data.soldOut.length > 0 && (
        <List dense disablePadding aria-label={t('soldOut.now')}>
          {data.soldOut.map((e) => (
            <ListItem
              key={`${e.kind}:${e.id}`}
              disableGutters
              secondaryAction={
                <Button
                  size="small"
                  onClick={() => apply({ ...e, name: titleOf(e) }, false, null)}
                  aria-label={`${t('soldOut.turnOn')} ${titleOf(e)}`}
                >
                  {t('soldOut.turnOn')}
                </Button>
              }
            >
              <ListItemText primary={titleOf(e)} secondary={backText(e.until)} />
            </ListItem>
          ))}
        </List>
      )}
      <TextField
        label={t('soldOut.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        size="small"
        slotProps={{ htmlInput: { maxLength: STOCK_LIMITS.searchMax } }}
      />
      {deferred && data && data.matches.length === 0 && (
        <Typography color="text.secondary">{t('soldOut.noMatch')}</Typography>
      )}
      {deferred && data && data.matches.length > 0 && (
        <List dense disablePadding aria-label={t('soldOut.matches')}>
          {data.matches.map((m) => (
            <ListItem
              key={`${m.kind}:${m.id}`}
              disableGutters
              secondaryAction={
                m.soldOut ? (
                  <Button
                    size="small"
                    onClick={() => apply({ ...m, name: titleOf(m) }, false, null)}
                    aria-label={`${t('soldOut.turnOn')} ${titleOf(m)}`}
                  >
                    {t('soldOut.turnOn')}
                  </Button>
                ) : (
                  <Button
                    size="small"
                    color="warning"
                    aria-haspopup="menu"
                    aria-label={`${t('soldOut.sellOut')} ${titleOf(m)}`}
                    onClick={(e) => setMenu({ anchor: e.currentTarget, target: m })}
                  >
                    {t('soldOut.sellOut')}
                  </Button>
                )
              }
            >
              <ListItemText
                primary={titleOf(m)}
                secondary={m.soldOut ? backText(m.until) : t(`soldOut.kind_${m.kind}`)}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Menu anchorEl={menu?.anchor} open={menu !== null} onClose={() => setMenu(null)}>
        {(['hour', 'closing', 'opening', 'manual'] as const).map((d) => {
          const at = instantOf(d);
          if ((d === 'closing' || d === 'opening') && at === null) return null;
          return (
            <MenuItem
              key={d}
              onClick={() => {
                const until = d === 'hour' ? new Date(Date.now() + HOUR).toISOString() : at;
                if (menu) apply({ ...menu.target, name: titleOf(menu.target) }, true, until);
                setMenu(null);
              }}
            >
              {at
                ? t(`soldOut.for_${d}`, { time: timeAt(at, lang, timeZone) })
                : t(`soldOut.for_${d}`)}
            </MenuItem>
          );
        })}
      </Menu>
    </Stack>
  );
}
