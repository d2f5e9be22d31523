import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import QrCodeIcon from '@mui/icons-material/QrCode2';
import { DEFAULT_QR_COLOR, LIMITS_SERVICE_AREAS } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { PagedTable, usePaging } from './tables-pagination.tsx';
import { QueryStatus } from '../../../components/load-error.tsx';
import { useCreateLink, useUniqueLinks } from '../api/service-areas-queries.ts';
import { QrColorField } from './qr-color-field.tsx';
import { UniqueLinkDialog } from './unique-link-dialog.tsx';
import { type Branch, useSaveThen, PartTitle, useDownload } from './part-kit.tsx';

/** Part 2: delivery and pickup links with their QR codes. */
export function LinksPart({ branch }: { branch: Branch }) {
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
