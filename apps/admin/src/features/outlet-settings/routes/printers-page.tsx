import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import {
  localize,
  PRINT_KINDS,
  PRINTER_LIMITS,
  PRINTER_PROTOCOLS,
  type Printer,
  type PrinterCreated,
  type PrinterProtocol,
  type PrintKind,
} from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { CheckboxSet } from '../../../components/checkbox-set.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormDialog, SmallDialog } from '../../../components/dialog-parts.tsx';
import { QueryStatus } from '../../../components/load-error.tsx';
import { PrinterStateChip } from '../../../components/printer-state-chip.tsx';
import { useNotify } from '../../../lib/notify.tsx';
import {
  DEFAULT_PRINTER_APP_TEMPLATE,
  isPrinterAppTemplate,
  printerAppTemplate,
  setPrinterAppTemplate,
} from '../../../lib/printer-app.ts';
import { useTenantSession } from '../../../lib/use-tenant-session.ts';
import { useBranchStatuses } from '../api/outlet-status-queries.ts';
import { useAddPrinter, useBranchPrinters, useRemovePrinter } from '../api/printers-queries.ts';

/**
 * settings/printers (issue 37): each branch's kitchen and receipt printers with their state;
 * add one (its poll URL shown once, with the steps for its kind) or remove one.
 */
export function PrintersPage() {
  const { t } = useTranslation('outlet');
  const { tenantId, lang } = useTenantSession();
  const branches = useBranchStatuses(tenantId);
  return (
    <Stack spacing={3} sx={{ maxInlineSize: 900 }}>
      <Stack spacing={1}>
        <Typography variant="h5" component="h1">
          {t('printers.title')}
        </Typography>
        <Typography color="text.secondary">{t('printers.intro')}</Typography>
      </Stack>
      <QueryStatus query={branches} />
      {branches.data?.map((branch) => (
        <BranchPrintersCard
          key={branch.branchId}
          tenantId={tenantId}
          branchId={branch.branchId}
          branchName={localize(branch.branchName, lang)}
        />
      ))}
      <PrinterAppCard />
    </Stack>
  );
}

/**
 * The phone printer app of this device (spec §2.4): the address the ticket view's "phone
 * printer app" print opens, kept on this device; Star PassPRNT unless changed.
 */
function PrinterAppCard() {
  const { t } = useTranslation('outlet');
  const notify = useNotify();
  const headingId = useId();
  const [value, setValue] = useState(printerAppTemplate);
  const valid = isPrinterAppTemplate(value);
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack
          spacing={2}
          component="form"
          noValidate
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            if (!valid) return;
            setPrinterAppTemplate(value);
            notify.success(t('printers.appSaved'));
          }}
        >
          <Typography variant="h6" component="h2" id={headingId}>
            {t('printers.appTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('printers.appIntro')}
          </Typography>
          <TextField
            label={t('printers.appAddress')}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={!valid}
            helperText={valid ? t('printers.appHint') : t('printers.appInvalid')}
            slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false } }}
            fullWidth
          />
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Button type="submit" variant="outlined" disabled={!valid}>
              {t('printers.appSave')}
            </Button>
            <Button
              onClick={() => {
                setPrinterAppTemplate(null);
                setValue(DEFAULT_PRINTER_APP_TEMPLATE);
                notify.success(t('printers.appSaved'));
              }}
            >
              {t('printers.appReset')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

function BranchPrintersCard({
  tenantId,
  branchId,
  branchName,
}: {
  tenantId: string;
  branchId: string;
  branchName: string;
}) {
  const { t } = useTranslation('outlet');
  const printers = useBranchPrinters(tenantId, branchId);
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<(PrinterCreated & { protocol: PrinterProtocol }) | null>(null);
  const [removing, setRemoving] = useState<Printer | null>(null);
  const remove = useRemovePrinter(tenantId, branchId);
  const notify = useNotify();
  const headingId = useId();
  const full = (printers.data?.length ?? 0) >= PRINTER_LIMITS.perBranchMax;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack spacing={2}>
          <Stack
            direction="row"
            sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
          >
            <Typography variant="h6" component="h2" id={headingId}>
              {t('printers.branchPrinters', { branch: branchName })}
            </Typography>
            <Button
              startIcon={<AddOutlined />}
              onClick={() => setAdding(true)}
              disabled={full}
              aria-label={t('printers.addTo', { branch: branchName })}
            >
              {t('printers.add')}
            </Button>
          </Stack>
          {full && (
            <Typography variant="body2" color="text.secondary">
              {t('printers.limit', { max: PRINTER_LIMITS.perBranchMax })}
            </Typography>
          )}
          <QueryStatus query={printers} />
          {printers.data?.length === 0 && (
            <Typography color="text.secondary">{t('printers.none')}</Typography>
          )}
          {printers.data && printers.data.length > 0 && (
            <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {printers.data.map((printer) => (
                <PrinterRow
                  key={printer.id}
                  printer={printer}
                  onRemove={() => setRemoving(printer)}
                />
              ))}
            </Stack>
          )}
        </Stack>
      </CardContent>
      {adding && (
        <AddPrinterDialog
          tenantId={tenantId}
          branchId={branchId}
          branchName={branchName}
          onClose={() => setAdding(false)}
          onAdded={(created) => {
            setAdding(false);
            setAdded(created);
          }}
        />
      )}
      {added && <PollUrlDialog created={added} onClose={() => setAdded(null)} />}
      <ConfirmDialog
        open={removing !== null}
        title={t('printers.removeTitle', { name: removing?.name ?? '' })}
        message={t('printers.removeMessage')}
        confirmLabel={t('printers.remove')}
        cancelLabel={t('printers.cancel')}
        destructive
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          try {
            await remove.mutateAsync(removing.id);
            notify.success(t('printers.removed'));
            setRemoving(null);
          } catch {
            notify.error(t('printers.unableToRemove'));
          }
        }}
      />
    </Card>
  );
}

function PrinterRow({ printer, onRemove }: { printer: Printer; onRemove: () => void }) {
  const { t, i18n } = useTranslation('outlet');
  const seen = printer.lastSeenAt
    ? t('printers.lastSeen', {
        time: new Date(printer.lastSeenAt).toLocaleTimeString(i18n.language, {
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
        }),
      })
    : t('printers.neverSeen');
  return (
    <Box
      component="li"
      aria-label={printer.name}
      sx={{
        display: 'flex',
        gap: 1.5,
        alignItems: 'flex-start',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        padding: 1.5,
      }}
    >
      <PrintOutlined color="action" sx={{ marginBlockStart: 0.25 }} />
      <Stack spacing={0.5} sx={{ flex: 1, minInlineSize: 0 }}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{printer.name}</Typography>
          <PrinterStateChip state={printer.state} detail={printer.stateDetail} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {[
            t(`printers.protocols.${printer.protocol}`),
            t('printers.paperMm', { mm: printer.paperWidthMm }),
            printer.prints.map((k) => t(`printers.kinds.${k}`)).join(', '),
          ].join(' · ')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {seen}
          {printer.waitingJobs > 0 && ` · ${t('printers.waiting', { n: printer.waitingJobs })}`}
        </Typography>
      </Stack>
      <IconButton aria-label={t('printers.removeOf', { name: printer.name })} onClick={onRemove}>
        <DeleteOutlineOutlined />
      </IconButton>
    </Box>
  );
}

function AddPrinterDialog({
  tenantId,
  branchId,
  branchName,
  onClose,
  onAdded,
}: {
  tenantId: string;
  branchId: string;
  branchName: string;
  onClose: () => void;
  onAdded: (created: PrinterCreated & { protocol: PrinterProtocol }) => void;
}) {
  const { t } = useTranslation('outlet');
  const notify = useNotify();
  const add = useAddPrinter(tenantId, branchId);
  const titleId = useId();
  const [name, setName] = useState('');
  const [protocol, setProtocol] = useState<PrinterProtocol>('cloudprnt');
  const [paper, setPaper] = useState<58 | 80>(80);
  const [prints, setPrints] = useState<PrintKind[]>(['kitchen']);
  const [auto, setAuto] = useState(true);
  const [tried, setTried] = useState(false);
  const nameMissing = name.trim() === '';
  const printsMissing = prints.length === 0;
  const submit = () => {
    setTried(true);
    if (nameMissing || printsMissing) return;
    add.mutate(
      { name: name.trim(), protocol, paperWidthMm: paper, prints, autoPrintOnAccept: auto },
      {
        onSuccess: (created) => {
          notify.success(t('printers.added'));
          onAdded({ ...created, protocol });
        },
        onError: () => notify.error(t('printers.unableToSave')),
      },
    );
  };
  return (
    <FormDialog
      titleId={titleId}
      title={t('printers.addTo', { branch: branchName })}
      busy={add.isPending}
      onClose={onClose}
      onSubmit={submit}
      cancelLabel={t('printers.cancel')}
      saveLabel={t('printers.save')}
    >
      <Stack spacing={2.5} sx={{ paddingBlockStart: 1 }}>
        <TextField
          label={t('printers.name')}
          placeholder={t('printers.namePlaceholder')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          autoFocus
          error={tried && nameMissing}
          helperText={tried && nameMissing ? t('printers.nameRequired') : undefined}
          slotProps={{ htmlInput: { maxLength: PRINTER_LIMITS.nameMax } }}
        />
        <FormControl>
          <FormLabel id={`${titleId}-protocol`}>{t('printers.protocol')}</FormLabel>
          <RadioGroup
            aria-labelledby={`${titleId}-protocol`}
            value={protocol}
            onChange={(_, value) => setProtocol(value as PrinterProtocol)}
          >
            {PRINTER_PROTOCOLS.map((p) => (
              <FormControlLabel
                key={p}
                value={p}
                control={<Radio />}
                label={t(`printers.protocols.${p}`)}
              />
            ))}
          </RadioGroup>
        </FormControl>
        <FormControl>
          <FormLabel id={`${titleId}-paper`}>{t('printers.paper')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby={`${titleId}-paper`}
            value={String(paper)}
            onChange={(_, value) => setPaper(value === '58' ? 58 : 80)}
          >
            {[80, 58].map((mm) => (
              <FormControlLabel
                key={mm}
                value={String(mm)}
                control={<Radio />}
                label={t('printers.paperMm', { mm })}
              />
            ))}
          </RadioGroup>
        </FormControl>
        <CheckboxSet
          label={t('printers.prints')}
          options={PRINT_KINDS}
          value={prints}
          onChange={setPrints}
          optionLabel={(k) => t(`printers.kinds.${k}`)}
          invalid={tried && printsMissing}
          helperText={tried && printsMissing ? t('printers.printsRequired') : undefined}
        />
        <FormControlLabel
          control={<Switch checked={auto} onChange={(_, checked) => setAuto(checked)} />}
          label={t('printers.auto')}
        />
      </Stack>
    </FormDialog>
  );
}

/** The poll URL, shown once, with a copy button and the steps for the printer's kind. */
function PollUrlDialog({
  created,
  onClose,
}: {
  created: PrinterCreated & { protocol: PrinterProtocol };
  onClose: () => void;
}) {
  const { t } = useTranslation('outlet');
  const notify = useNotify();
  const titleId = useId();
  const textId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.pollUrl);
      notify.success(t('printers.copied'));
    } catch {
      // No clipboard (an insecure origin): the address stays selected for the keyboard.
      document.getElementById(`${textId}-url`)?.focus();
    }
  };
  return (
    <SmallDialog titleId={titleId} describedBy={textId} busy={false} onClose={onClose}>
      <DialogTitle id={titleId}>{t('printers.urlTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText id={textId}>{t('printers.urlIntro')}</DialogContentText>
          <TextField
            id={`${textId}-url`}
            value={created.pollUrl}
            label={t('printers.urlTitle')}
            fullWidth
            slotProps={{
              htmlInput: {
                readOnly: true,
                dir: 'ltr',
                onFocus: (e: { target: HTMLInputElement }) => e.target.select(),
              },
            }}
          />
          <Button
            startIcon={<ContentCopyOutlined />}
            onClick={() => void copy()}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('printers.copy')}
          </Button>
          <Alert severity="info">{t(`printers.steps.${created.protocol}`)}</Alert>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          {t('printers.done')}
        </Button>
      </DialogActions>
    </SmallDialog>
  );
}
