import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import { type ServiceAreaSection } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../../components/load-error.tsx';
import { useSaveSection, useSections } from '../api/service-areas-queries.ts';
import { SectionDialog } from './section-dialog.tsx';
import { type Branch, useSaveThen, PartTitle } from './part-kit.tsx';

/** Part 1: No., Name, Edit, with Add and the section dialog. */
export function SectionsPart({ branch }: { branch: Branch }) {
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
