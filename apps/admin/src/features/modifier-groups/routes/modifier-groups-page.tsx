import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { localize, type ModifierGroupResponse } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useSidePanel } from '../../../components/side-panel.tsx';
import { PageTitleBar } from '../../../components/page-header.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useNotify } from '../../../lib/notify.tsx';
import { modifierGroupsQuery } from '../../../lib/catalog-queries.ts';
import { useDeleteModifierGroup } from '../api/modifier-groups-queries.ts';
import { useTenantSession } from '../../../lib/use-tenant-session.ts';
import { IntegratedBanner } from '../../../components/integrated-banner.tsx';
import { QueryStatus } from '../../../components/load-error.tsx';
import { ModifierGroupEditor } from '../components/modifier-group-editor.tsx';
import { CATALOG_SNACKBAR, useCatalogNotify } from '../../../lib/use-catalog-notify.tsx';

/** catalog/modifiergroups/manage (menu-management.md §2 screen 8): owners and managers. */
export function ModifierGroupsPage() {
  const { t } = useTranslation('catalog');
  const session = useTenantSession();
  const { tenantId, lang } = session;
  const groups = useQuery({ ...modifierGroupsQuery(tenantId), enabled: tenantId !== '' });
  const panel = useSidePanel();
  const notify = useCatalogNotify();
  const { errorWithRefresh } = useNotify();
  const deleteGroup = useDeleteModifierGroup(tenantId);
  // The group stays named in the dialog while it closes.
  const [deleting, setDeleting] = useState<ModifierGroupResponse | null>(null);
  const [confirming, setConfirming] = useState(false);
  const askDelete = (group: ModifierGroupResponse) => {
    setDeleting(group);
    setConfirming(true);
  };
  // Integrated tenants take their groups from the point of sale (§1).
  const canEdit = session.can('EditModifiers');

  const open = (group: ModifierGroupResponse | null) =>
    panel.openPanel(<ModifierGroupEditor groupId={group?.id ?? null} readOnly={!canEdit} />, {
      title: group ? t('modifierGroups.editTitle') : t('modifierGroups.addTitle'),
    });

  const remove = async () => {
    if (!deleting) return;
    try {
      await deleteGroup.mutateAsync(deleting.id);
      notify.deleted();
    } catch (error) {
      if (isApiError(error, 409)) {
        // §8: still attached to items; the reload action shows where it is used now.
        errorWithRefresh(t('snackbar.error_unable_to_delete_remove_from_others'), {
          duration: CATALOG_SNACKBAR.error,
        });
      } else if (!isApiError(error, 403)) {
        notify.saveFailed(error);
      }
    } finally {
      setConfirming(false);
    }
  };

  const list = groups.data ?? [];
  return (
    <Stack spacing={2.5} sx={{ maxInlineSize: 1000 }}>
      <PageTitleBar title={t('modifierGroups.pageTitle')}>
        {canEdit && (
          <Box>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => open(null)}>
              {t('modifierGroups.add')}
            </Button>
          </Box>
        )}
      </PageTitleBar>
      <Alert severity="info">{t('modifierGroups.info')}</Alert>
      <IntegratedBanner />

      <QueryStatus query={groups} />
      {groups.data && list.length === 0 && (
        <Paper variant="outlined" sx={{ padding: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">{t('modifierGroups.empty')}</Typography>
        </Paper>
      )}
      {list.length > 0 && (
        <Paper
          variant="outlined"
          component="ul"
          aria-label={t('modifierGroups.listLabel')}
          sx={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {list.map((group, index) => {
            const title = localize(group.localizedTitle, lang);
            return (
              <Box
                component="li"
                key={group.id}
                data-testid={`modifier-group-row-${group.id}`}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  flexWrap: 'wrap',
                  gap: 1,
                  paddingInline: 2,
                  paddingBlock: 1.25,
                  borderBlockStart: index === 0 ? 0 : 1,
                  borderColor: 'divider',
                }}
              >
                <Box sx={{ flex: '1 1 200px', minInlineSize: 0 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {group.name}
                  </Typography>
                  {title && title !== group.name && (
                    <Typography
                      variant="body2"
                      color="text.secondary"
                      sx={{ overflowWrap: 'anywhere' }}
                    >
                      {title}
                    </Typography>
                  )}
                </Box>
                {group.posSku && (
                  <Tooltip title={t('modifierGroups.posSku', { sku: group.posSku })}>
                    <Chip
                      size="small"
                      color="secondary"
                      variant="outlined"
                      label={
                        <>
                          <Box component="span" sx={{ fontWeight: 700 }}>
                            {t('modifierGroups.pos')}
                          </Box>{' '}
                          <bdi>{group.posSku}</bdi>
                        </>
                      }
                    />
                  </Tooltip>
                )}
                <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center' }}>
                  <Button
                    size="small"
                    startIcon={canEdit ? <EditOutlinedIcon /> : <VisibilityOutlinedIcon />}
                    aria-label={t(
                      canEdit ? 'modifierGroups.editNamed' : 'modifierGroups.viewNamed',
                      {
                        group: group.name,
                      },
                    )}
                    onClick={() => open(group)}
                  >
                    {canEdit ? t('actions.edit') : t('modifierGroups.view')}
                  </Button>
                  {canEdit && (
                    <IconButton
                      aria-label={t('modifierGroups.deleteNamed', { group: group.name })}
                      color="error"
                      onClick={() => askDelete(group)}
                    >
                      <DeleteOutlineIcon />
                    </IconButton>
                  )}
                </Stack>
              </Box>
            );
          })}
        </Paper>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('modifierGroups.deleteTitle')}
        message={t('modifierGroups.deleteMessage', { group: deleting?.name ?? '' })}
        confirmLabel={t('modifierGroups.deleteConfirm')}
        cancelLabel={t('actions.cancel')}
        destructive
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
