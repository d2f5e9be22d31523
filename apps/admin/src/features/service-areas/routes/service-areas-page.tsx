import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import QrCodeIcon from '@mui/icons-material/QrCode2';
import {
  DEFAULT_QR_COLOR,
  LIMITS_SERVICE_AREAS,
  NO_SECTION,
  localize,
  serviceAreaName,
  type ServiceArea,
  type ServiceAreaSection,
  type ServiceAreaSort,
  type ServiceAreaTemplate,
} from '@app/contracts';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../../components/back-link.tsx';
import { PagedTable, usePaging } from '../components/tables-pagination.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { QueryStatus } from '../../../components/load-error.tsx';
import { useNotify } from '../../../lib/notify.tsx';
import { branchProfilePath, serviceAreaPaymentsPath } from '../../../lib/paths.ts';
import { useTenantSession } from '../../../lib/use-tenant-session.ts';
import {
  useBranchName,
  useCreateLink,
  useCreateServiceAreas,
  useQrDownload,
  useSaveSection,
  useSections,
  useSwitchTemplate,
  useServiceAreaPage,
  useUniqueLinks,
  useUpdateServiceArea,
} from '../api/service-areas-queries.ts';
import { QrColorField } from '../components/qr-color-field.tsx';
import { SectionDialog } from '../components/section-dialog.tsx';
import { ServiceAreaDialog } from '../components/service-area-dialog.tsx';
import { UniqueLinkDialog } from '../components/unique-link-dialog.tsx';
import { saveFile } from '../lib/save-file.ts';

type Branch = { tenantId: string; branchId: string };

/** settings/profile/{id}/serviceareas (§2.9): sections, delivery & pickup links, tables. */
export function ServiceAreasPage() {
  const { t } = useTranslation('serviceAreas');
  const { id = '' } = useParams();
  const { tenantId, lang } = useTenantSession();
  const branch = { tenantId, branchId: id };
  const profile = useBranchName(branch);

  return (
    <Stack spacing={3} sx={{ maxInlineSize: 1100 }}>
      <BackLink to={branchProfilePath(id)} sx={{ alignSelf: 'flex-start' }}>
        {t('page.back')}
      </BackLink>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Stack spacing={0.5}>
          <Typography variant="h5" component="h1">
            {t('page.title')}
          </Typography>
          {profile.data && (
            <Typography color="text.secondary">
              {localize(profile.data.branchName, lang)}
            </Typography>
          )}
        </Stack>
        <Button component={RouterLink} to={serviceAreaPaymentsPath(id)} variant="outlined">
          {t('page.paymentsLink')}
        </Button>
      </Stack>
      <Alert severity="warning">{t('page.warning')}</Alert>
      <SectionsPart branch={branch} />
      <LinksPart branch={branch} />
      <ServiceAreasPart branch={branch} />
    </Stack>
  );
}

/**
 * A dialog's save: a failure says so and rethrows (the dialog stays and shows the fields'
 * codes); a success says `done` and closes the dialog.
 */
function useSaveThen() {
  const { t } = useTranslation('serviceAreas');
  const notify = useNotify();
  return async (
    run: () => Promise<unknown>,
    done: string,
    close: () => void,
    failed: string = t('snackbar.unableToSave'),
  ) => {
    try {
      await run();
    } catch (err) {
      notify.error(failed);
      throw err;
    }
    notify.success(done);
    close();
  };
}

function PartTitle({
  children,
  action,
  addLabel,
  onAdd,
}: {
  children: string;
  action?: React.ReactNode;
  /** A part whose action is Add. */
  addLabel?: string;
  onAdd?: () => void;
}) {
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
    >
      <Typography variant="h6" component="h2">
        {children}
      </Typography>
      {action}
      {onAdd && (
        <Button startIcon={<AddIcon />} variant="contained" onClick={onAdd}>
          {addLabel}
        </Button>
      )}
    </Stack>
  );
}

/** Part 1: No., Name, Edit, with Add and the section dialog. */
function SectionsPart({ branch }: { branch: Branch }) {
  const { t } = useTranslation('serviceAreas');
  const saveThen = useSaveThen();
  const sections = useSections(branch);
  const save = useSaveSection(branch);
  const [editing, setEditing] = useState<ServiceAreaSection | null | 'new'>(null);

  return (
    <Stack component="section" spacing={1.5}>
      <PartTitle addLabel={t('sections.add')} onAdd={() => setEditing('new')}>
        {t('sections.title')}
      </PartTitle>
      <QueryStatus query={sections} />
      {sections.isSuccess && sections.data.length === 0 && (
        <Typography color="text.secondary">{t('sections.empty')}</Typography>
      )}
      {sections.isSuccess && sections.data.length > 0 && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('sections.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('sections.no')}</TableCell>
                <TableCell>{t('sections.name')}</TableCell>
                <TableCell align="right">{t('sections.edit')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {sections.data.map((s, i) => (
                <TableRow key={s.id}>
                  <TableCell>{i + 1}</TableCell>
                  <TableCell>{s.name}</TableCell>
                  <TableCell align="right">
                    <IconButton
                      aria-label={t('sections.editOf', { name: s.name })}
                      onClick={() => setEditing(s)}
                    >
                      <EditIcon />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing !== null && (
        <SectionDialog
          section={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSave={(body) =>
            saveThen(
              () => save.mutateAsync({ id: editing === 'new' ? null : editing.id, body }),
              editing === 'new' ? t('snackbar.created') : t('snackbar.updated'),
              () => setEditing(null),
            )
          }
        />
      )}
    </Stack>
  );
}

/** Downloads QR codes; the snackbars of §8. */
function useDownload(branch: Branch, kind: 'tables' | 'links') {
  const { t } = useTranslation('serviceAreas');
  const notify = useNotify();
  const qr = useQrDownload(branch, kind);
  return {
    pending: qr.isPending,
    download: (ids: string[], qrColor: string) =>
      qr.mutate(
        { ids, qrColor },
        {
          onSuccess: (file) => {
            saveFile(file, ids.length === 1 ? 'qr-code.png' : 'qr-codes.zip');
            notify.success(t('qr.created'));
          },
          onError: () => notify.errorWithRefresh(),
        },
      ),
  };
}

/** Part 2: delivery and pickup links with their QR codes. */
function LinksPart({ branch }: { branch: Branch }) {
  const { t } = useTranslation('serviceAreas');
  const saveThen = useSaveThen();
  const links = useUniqueLinks(branch);
  const create = useCreateLink(branch);
  const { download, pending } = useDownload(branch, 'links');
  const [color, setColor] = useState<string>(DEFAULT_QR_COLOR);
  const [adding, setAdding] = useState(false);
  const paging = usePaging(LIMITS_SERVICE_AREAS.pageSizes[1]);
  const { page, pageSize } = paging;
  const rows = links.data ?? [];
  const shown = rows.slice(page * pageSize, page * pageSize + pageSize);

  return (
    <Stack component="section" spacing={1.5}>
      <PartTitle
        action={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <QrColorField value={color} onChange={setColor} />
            {links.isSuccess && rows.length === 0 && (
              <Button startIcon={<AddIcon />} variant="contained" onClick={() => setAdding(true)}>
                {t('links.add')}
              </Button>
            )}
          </Stack>
        }
      >
        {t('links.title')}
      </PartTitle>
      <QueryStatus query={links} />
      {links.isSuccess && rows.length === 0 && (
        <Typography color="text.secondary">{t('links.empty')}</Typography>
      )}
      {links.isSuccess && rows.length > 0 && (
        <PagedTable label={t('links.title')} count={rows.length} paging={paging}>
          <TableHead>
            <TableRow>
              <TableCell>{t('links.rowNo')}</TableCell>
              <TableCell>{t('links.name')}</TableCell>
              <TableCell>{t('links.type')}</TableCell>
              <TableCell align="right">{t('links.download')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((link, i) => (
              <TableRow key={link.id}>
                <TableCell>{page * pageSize + i + 1}</TableCell>
                <TableCell>{link.name}</TableCell>
                <TableCell>{t(`links.${link.template}`)}</TableCell>
                <TableCell align="right">
                  <IconButton
                    disabled={pending}
                    aria-label={t('links.downloadOf', { name: link.name })}
                    onClick={() => download([link.id], color)}
                  >
                    <QrCodeIcon />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </PagedTable>
      )}
      {adding && (
        <UniqueLinkDialog
          onClose={() => setAdding(false)}
          onSave={(body) =>
            saveThen(
              () => create.mutateAsync(body),
              t('snackbar.created'),
              () => setAdding(false),
            )
          }
        />
      )}
    </Stack>
  );
}

const SORTS: {
  key: ServiceAreaSort;
  label: 'tables.name' | 'tables.value' | 'tables.template' | 'tables.section';
}[] = [
  { key: 'name', label: 'tables.name' },
  { key: 'value', label: 'tables.value' },
  { key: 'template', label: 'tables.template' },
  { key: 'section', label: 'tables.section' },
];

/** The templates the selected tables can be switched to, with their buttons' labels. */
const SWITCH_TARGETS = [
  ['DINING', 'tables.toDining'],
  ['MENU', 'tables.toMenu'],
] as const satisfies readonly (readonly [ServiceAreaTemplate, string])[];

/** Parts 3 and 4: the tables with selection, sort, paging, filter and bulk actions. */
function ServiceAreasPart({ branch }: { branch: Branch }) {
  const { t } = useTranslation('serviceAreas');
  const saveThen = useSaveThen();
  const notify = useNotify();
  const sections = useSections(branch);
  const paging = usePaging(LIMITS_SERVICE_AREAS.pageSize);
  const { page, pageSize } = paging;
  const [sort, setSort] = useState<ServiceAreaSort>('value');
  const [direction, setDirection] = useState<'asc' | 'desc'>('asc');
  const [sectionId, setSectionId] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [color, setColor] = useState<string>(DEFAULT_QR_COLOR);
  const [editing, setEditing] = useState<ServiceArea | null | 'new'>(null);
  const [switching, setSwitching] = useState<ServiceAreaTemplate | null>(null);
  const tables = useServiceAreaPage(branch, {
    page: page + 1,
    pageSize,
    sort,
    direction,
    ...(sectionId ? { sectionId } : {}),
  });
  const create = useCreateServiceAreas(branch);
  const update = useUpdateServiceArea(branch);
  const switchTemplate = useSwitchTemplate(branch);
  const { download, pending } = useDownload(branch, 'tables');
  const rows = tables.data?.serviceAreas ?? [];
  const pageIds = rows.map((r) => r.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const someOnPage = pageIds.some((id) => selected.has(id));

  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const sortBy = (key: ServiceAreaSort) => {
    setDirection(sort === key && direction === 'asc' ? 'desc' : 'asc');
    setSort(key);
    paging.onPage(0);
  };

  const runSwitch = async (template: ServiceAreaTemplate) => {
    const { succeeded, total } = await switchTemplate.mutateAsync({
      ids: [...selected],
      template,
    });
    if (succeeded === total) {
      notify.success(t('switch.done', { template }));
      setSelected(new Set());
    } else {
      notify.error(t('switch.partial', { succeeded, total }));
    }
    setSwitching(null);
  };

  return (
    <Stack component="section" spacing={1.5}>
      <PartTitle addLabel={t('tables.add')} onAdd={() => setEditing('new')}>
        {t('tables.title')}
      </PartTitle>
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ flexWrap: 'wrap', rowGap: 1.5, alignItems: 'center' }}
      >
        <TextField
          select
          size="small"
          label={t('tables.filter')}
          value={sectionId}
          onChange={(event) => {
            setSectionId(event.target.value);
            paging.onPage(0);
          }}
          sx={{ minInlineSize: 220 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('tables.allSections')}</MenuItem>
          <MenuItem value={NO_SECTION}>{t('tables.noSection')}</MenuItem>
          {(sections.data ?? []).map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.name}
            </MenuItem>
          ))}
        </TextField>
        <QrColorField value={color} onChange={setColor} />
        {SWITCH_TARGETS.map(([template, label]) => (
          <Button
            key={template}
            variant="outlined"
            disabled={selected.size === 0 || switchTemplate.isPending}
            onClick={() => setSwitching(template)}
          >
            {t(label)}
          </Button>
        ))}
        <Button
          variant="outlined"
          startIcon={<QrCodeIcon />}
          disabled={selected.size === 0 || pending}
          onClick={() => download([...selected], color)}
        >
          {t('tables.downloadSelected')}
        </Button>
        {selected.size > 0 && (
          <Typography variant="body2" color="text.secondary" role="status">
            {t('tables.selected', { count: selected.size })}
          </Typography>
        )}
      </Stack>
      <QueryStatus query={tables} />
      {tables.isSuccess && tables.data.totalCount === 0 && (
        <Typography color="text.secondary">
          {sectionId ? t('tables.emptyFilter') : t('tables.empty')}
        </Typography>
      )}
      {tables.isSuccess && tables.data.totalCount > 0 && (
        <PagedTable label={t('tables.title')} count={tables.data.totalCount} paging={paging}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allOnPage}
                  indeterminate={someOnPage && !allOnPage}
                  onChange={(_e, on) => pageIds.forEach((id) => toggle(id, on))}
                  slotProps={{ input: { 'aria-label': t('tables.selectAll') } }}
                />
              </TableCell>
              <TableCell>{t('tables.rowNo')}</TableCell>
              {SORTS.map((s) => (
                <TableCell key={s.key} sortDirection={sort === s.key ? direction : false}>
                  <TableSortLabel
                    active={sort === s.key}
                    direction={sort === s.key ? direction : 'asc'}
                    onClick={() => sortBy(s.key)}
                  >
                    {t(s.label)}
                  </TableSortLabel>
                </TableCell>
              ))}
              <TableCell align="right">{t('tables.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((area, i) => {
              const name = serviceAreaName(area);
              return (
                <TableRow key={area.id} selected={selected.has(area.id)}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selected.has(area.id)}
                      onChange={(_e, on) => toggle(area.id, on)}
                      slotProps={{ input: { 'aria-label': t('tables.selectRow', { name }) } }}
                    />
                  </TableCell>
                  <TableCell>{page * pageSize + i + 1}</TableCell>
                  <TableCell>{name}</TableCell>
                  <TableCell>{area.value}</TableCell>
                  <TableCell>{t(`tables.${area.template}`)}</TableCell>
                  <TableCell>{area.sectionName ?? '—'}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={t('tables.editOf', { name })}>
                      <IconButton
                        aria-label={t('tables.editOf', { name })}
                        onClick={() => setEditing(area)}
                      >
                        <EditIcon />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('tables.downloadOf', { name })}>
                      <span>
                        <IconButton
                          disabled={pending}
                          aria-label={t('tables.downloadOf', { name })}
                          onClick={() => download([area.id], color)}
                        >
                          <QrCodeIcon />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </PagedTable>
      )}
      {editing !== null && (
        <ServiceAreaDialog
          area={editing === 'new' ? null : editing}
          sections={sections.data ?? []}
          onClose={() => setEditing(null)}
          onCreate={(body) =>
            saveThen(
              () => create.mutateAsync(body),
              t('snackbar.created'),
              () => setEditing(null),
            )
          }
          onUpdate={(id, body) =>
            saveThen(
              () => update.mutateAsync({ id, body }),
              t('snackbar.updated'),
              () => setEditing(null),
              t('errors.duplicate_service_area'),
            )
          }
        />
      )}
      <ConfirmDialog
        open={switching !== null}
        title={t('switch.title')}
        message={t('switch.message', { count: selected.size, template: switching ?? '' })}
        confirmLabel={t('switch.confirm')}
        cancelLabel={t('switch.cancel')}
        onConfirm={() => (switching ? runSwitch(switching) : undefined)}
        onClose={() => setSwitching(null)}
      />
    </Stack>
  );
}
