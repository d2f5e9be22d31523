import { useMemo, useState, type ComponentType } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { useQuery } from '@tanstack/react-query';
import { localize, type ReportFilterInput } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { isApiError, ValidationError } from '../../../lib/api-client.ts';
import { useTenantSession } from '../../../lib/use-tenant-session.ts';
import { deliveryZonesQuery, reportPageQuery } from '../api/report-queries.ts';
import { ExportButton } from '../components/export-button.tsx';
import { ReportFilters } from '../components/report-filters.tsx';
import { ReportTable } from '../components/report-table.tsx';
import {
  defaultForm,
  filterOf,
  today,
  userTimeZone,
  validateForm,
  type FormErrors,
  type ReportForm,
} from '../lib/report-form.ts';

/** Which ticket the details sheet shows; null closes it. */
export type TicketSheetProps = {
  ticket: { tenantId: string; ticketId: string } | null;
  onClose: () => void;
};

/**
 * reports/all-tickets (spec §2.6): filters, a table of 10 rows a page with the totals of the
 * whole filter, the Excel export, and the ticket's details, read only, from its number. The
 * details sheet is the live orders' one, handed in by the app (features do not import each
 * other).
 */
export function AllTicketsReportPage({
  TicketSheet,
}: {
  TicketSheet: ComponentType<TicketSheetProps>;
}) {
  const { t } = useTranslation('reports');
  const { tenantId, lang, branches } = useTenantSession();
  // The dashboard's days: those of the (first) branch's clock, which the rows' times keep too.
  const timeZone = useMemo(() => branches[0]?.timeZone ?? userTimeZone(), [branches]);
  const [form, setForm] = useState<ReportForm>(() => defaultForm(today(timeZone)));
  const [errors, setErrors] = useState<FormErrors>({});
  const [applied, setApplied] = useState<ReportFilterInput>(() =>
    filterOf(defaultForm(today(timeZone)), timeZone),
  );
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<string | null>(null);

  const report = useQuery({
    ...reportPageQuery(tenantId, applied, page),
    enabled: tenantId !== '',
  });
  const zones = useQuery({ ...deliveryZonesQuery(tenantId), enabled: tenantId !== '' });

  // A filter the server refused shows its codes on the fields (§5.6).
  const serverErrors: FormErrors = {};
  if (report.error instanceof ValidationError) {
    for (const e of report.error.fieldErrors) {
      const field = ['ticketNumber', 'phoneNumber', 'startDate', 'endDate'].includes(e.field)
        ? (e.field as keyof FormErrors)
        : 'other';
      serverErrors[field] ??= e.codes[0];
    }
  }

  const search = () => {
    const found = validateForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setApplied(filterOf(form, timeZone));
    setPage(0);
  };
  const reset = () => {
    const fresh = defaultForm(today(timeZone));
    setForm(fresh);
    setErrors({});
    setApplied(filterOf(fresh, timeZone));
    setPage(0);
  };

  const data = report.data;
  let body;
  if (!data && report.isPending) body = <Spinner label={t('loading')} />;
  else if (!data || (report.isError && !isApiError(report.error, 422))) {
    body =
      report.error instanceof ValidationError ? null : (
        <LoadError
          error={report.error}
          onRetry={() => void report.refetch()}
          message={t('loadError')}
          snackbar={false}
        />
      );
  } else if (data.totals.count === 0) {
    body = (
      <EmptyState
        icon={<ReceiptLongOutlined color="disabled" sx={{ fontSize: 48 }} />}
        title={t('empty')}
        hint={t('emptyHint')}
      />
    );
  } else {
    body = (
      <ReportTable
        rows={data.results}
        totals={data.totals}
        page={page}
        onPage={setPage}
        onOpen={(row) => setOpen(row.id)}
      />
    );
  }

  return (
    <Stack spacing={2} sx={{ minInlineSize: 0 }}>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        action={
          <ExportButton
            tenantId={tenantId}
            filter={applied}
            disabled={!data || data.totals.count === 0}
          />
        }
      />
      <Paper variant="outlined" sx={{ padding: 2 }}>
        <ReportFilters
          form={form}
          errors={{ ...serverErrors, ...errors }}
          branches={branches.map((b) => ({
            value: b.branchId,
            label: localize(b.branchName, lang),
          }))}
          zones={(zones.data ?? []).map((z) => ({
            value: z.id,
            label: localize(z.localizedTitle, lang),
          }))}
          timeZone={timeZone}
          onChange={(patch) => {
            setForm((f) => ({ ...f, ...patch }));
            setErrors({});
          }}
          onSearch={search}
          onReset={reset}
        />
      </Paper>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }} aria-busy={report.isFetching}>
        {body}
      </Paper>
      <TicketSheet
        ticket={open ? { tenantId, ticketId: open } : null}
        onClose={() => setOpen(null)}
      />
    </Stack>
  );
}
