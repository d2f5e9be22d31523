import { useDeferredValue, useState } from 'react';
import Stack from '@mui/material/Stack';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  LIMITS_SERVICE_AREAS,
  serviceAreaName,
  serviceAreaPaymentMode,
  type ServiceArea,
  type ServiceAreaPaymentMode,
} from '@app/contracts';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../../components/back-link.tsx';
import { BranchSelect } from '../../../components/branch-select.tsx';
import { PagedTable, usePaging } from '../components/tables-pagination.tsx';
import { QueryStatus } from '../../../components/load-error.tsx';
import { ValidationError } from '../../../lib/api-client.ts';
import { useNotify } from '../../../lib/notify.tsx';
import { serviceAreaPaymentsPath, serviceAreasPath } from '../../../lib/paths.ts';
import { useTenantSession } from '../../../lib/use-tenant-session.ts';
import { useSetPaymentMode, useServiceAreaPage } from '../api/service-areas-queries.ts';

/**
 * settings/profile/{id}/serviceareas-paymentmethods (§2.10, §4.4): each table's 'Order & Pay'
 * or 'Open a Tab', searchable by QR, sortable by QR and paginated.
 */
export function ServiceAreaPaymentsPage() {
  const { id = '' } = useParams();
  const { branches } = useTenantSession();
  // The side menu's link names no branch (paths.manageQrs), and a link kept from another
  // tenant names one that is not this tenant's: both open the first branch.
  const first = branches[0]?.branchId;
  if (first && !branches.some((b) => b.branchId === id))
    return <Navigate replace to={serviceAreaPaymentsPath(first)} />;
  return <BranchPayments key={id} branchId={id} />;
}

function BranchPayments({ branchId: id }: { branchId: string }) {
  const { t } = useTranslation('serviceAreas');
  const navigate = useNavigate();
  const { tenantId, can } = useTenantSession();
  const branch = { tenantId, branchId: id };
  const notify = useNotify();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const paging = usePaging(LIMITS_SERVICE_AREAS.pageSize);
  const { page, pageSize } = paging;
  const [direction, setDirection] = useState<'asc' | 'desc'>('asc');
  // The choice shown while its save runs; it reverts when the save fails (§4.4).
  const [pending, setPending] = useState<ReadonlyMap<string, ServiceAreaPaymentMode>>(new Map());
  const tables = useServiceAreaPage(branch, {
    page: page + 1,
    pageSize,
    sort: 'value',
    direction,
    ...(deferredSearch ? { search: deferredSearch } : {}),
  });
  const setMode = useSetPaymentMode(branch);

  const modeOf = (area: ServiceArea) =>
    pending.has(area.id) ? pending.get(area.id)! : serviceAreaPaymentMode(area.paymentMethods);

  const choose = (area: ServiceArea, mode: Exclude<ServiceAreaPaymentMode, null>) => {
    setPending((prev) => new Map(prev).set(area.id, mode));
    setMode.mutate(
      { id: area.id, mode },
      {
        onSuccess: () => notify.success(t('payments.saved', { name: serviceAreaName(area) })),
        onError: (error) => {
          if (
            error instanceof ValidationError &&
            error.codesFor('paymentMethods').includes('atleast_one_paymentmethod_required')
          )
            notify.error(t('payments.atLeastOne'));
          else notify.errorWithRefresh();
        },
        onSettled: () =>
          setPending((prev) => {
            const next = new Map(prev);
            next.delete(area.id);
            return next;
          }),
      },
    );
  };

  return (
    <Stack spacing={2.5} sx={{ maxInlineSize: 900 }}>
      {can('StoreSettings') && (
        <BackLink to={serviceAreasPath(id)} sx={{ alignSelf: 'flex-start' }}>
          {t('page.title')}
        </BackLink>
      )}
      <Typography variant="h5" component="h1">
        {t('payments.title')}
      </Typography>
      <BranchSelect
        label={t('payments.branch')}
        value={id}
        onChange={(branchId) => void navigate(serviceAreaPaymentsPath(branchId))}
        sx={{ maxInlineSize: 320 }}
      />
      <TextField
        type="search"
        size="small"
        label={t('payments.search')}
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          paging.onPage(0);
        }}
        sx={{ maxInlineSize: 320 }}
      />
      <QueryStatus query={tables} />
      {tables.isSuccess && tables.data.totalCount === 0 && (
        <Typography color="text.secondary">
          {deferredSearch ? t('payments.noMatch') : t('payments.empty')}
        </Typography>
      )}
      {tables.isSuccess && tables.data.totalCount > 0 && (
        <PagedTable label={t('payments.title')} count={tables.data.totalCount} paging={paging}>
          <TableHead>
            <TableRow>
              <TableCell sortDirection={direction}>
                <TableSortLabel
                  active
                  direction={direction}
                  onClick={() => setDirection(direction === 'asc' ? 'desc' : 'asc')}
                >
                  {t('payments.qr')}
                </TableSortLabel>
              </TableCell>
              <TableCell>{t('payments.section')}</TableCell>
              <TableCell>{t('payments.mode')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {tables.data.serviceAreas.map((area) => {
              const name = serviceAreaName(area);
              return (
                <TableRow key={area.id}>
                  <TableCell>{name}</TableCell>
                  <TableCell>{area.sectionName ?? '—'}</TableCell>
                  <TableCell>
                    <ToggleButtonGroup
                      exclusive
                      size="small"
                      color="primary"
                      value={modeOf(area)}
                      disabled={pending.has(area.id)}
                      aria-label={t('payments.modeOf', { name })}
                      onChange={(_e, mode: Exclude<ServiceAreaPaymentMode, null> | null) => {
                        if (mode) choose(area, mode);
                      }}
                    >
                      <ToggleButton value="ONLINE">{t('payments.orderAndPay')}</ToggleButton>
                      <ToggleButton value="PAY_LATER">{t('payments.openTab')}</ToggleButton>
                    </ToggleButtonGroup>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </PagedTable>
      )}
    </Stack>
  );
}
