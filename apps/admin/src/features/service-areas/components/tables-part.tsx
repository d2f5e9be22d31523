import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import QrCodeIcon from '@mui/icons-material/QrCode2';
import {
  DEFAULT_QR_COLOR,
  LIMITS_SERVICE_AREAS,
  NO_SECTION,
  serviceAreaName,
  type ServiceArea,
  type ServiceAreaSort,
  type ServiceAreaTemplate,
} from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { PagedTable, usePaging } from './tables-pagination.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { QueryStatus } from '../../../components/load-error.tsx';
import { useNotify } from '../../../lib/notify.tsx';
import {
  useCreateServiceAreas,
  useSections,
  useSwitchTemplate,
  useServiceAreaPage,
  useUpdateServiceArea,
} from '../api/service-areas-queries.ts';
import { useSelection, useTablesView } from '../lib/tables-view.ts';
import { QrColorField } from './qr-color-field.tsx';
import { ServiceAreaDialog } from './service-area-dialog.tsx';
import { type Branch, useSaveThen, PartTitle, useDownload } from './part-kit.tsx';

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
export function ServiceAreasPart({ branch }: { branch: Branch }) {
  const { t } = useTranslation('serviceAreas');
  const saveThen = useSaveThen();
  const notify = useNotify();
  const sections = useSections(branch);
  const paging = usePaging(LIMITS_SERVICE_AREAS.pageSize);
  const { page, pageSize } = paging;
  const { sort, direction, sectionId, sortBy, filterTo } = useTablesView(() => paging.onPage(0));
  const { selected, toggle, clear } = useSelection();
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

  const runSwitch = async (template: ServiceAreaTemplate) => {
    const { succeeded, total } = await switchTemplate.mutateAsync({
      ids: [...selected],
      template,
    });
    if (succeeded === total) {
      notify.success(t('switch.done', { template }));
      clear();
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
          onChange={(event) => filterTo(event.target.value)}
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
