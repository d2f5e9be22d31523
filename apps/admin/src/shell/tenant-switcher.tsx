import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { localize } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { switchTenant, useSession } from '../lib/session.tsx';
import { useLanguage } from '../lib/i18n.ts';

/** Lists the user's tenants; choosing one reloads the app in it (spec §4.5). */
export function TenantSwitcher() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { tenantId, tenants } = useSession();
  const current = tenants.find((tenant) => tenant.tenantId === tenantId);

  if (tenants.length === 0) return null;
  if (tenants.length === 1 && current) {
    return (
      <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
        {localize(current.localizedName, lang)}
      </Typography>
    );
  }
  return (
    <TextField
      select
      size="small"
      label={t('topBar.tenant')}
      value={current?.tenantId ?? ''}
      onChange={(event) => {
        const chosen = tenants.find((tenant) => tenant.tenantId === event.target.value);
        if (chosen && chosen.tenantId !== tenantId) switchTenant(chosen);
      }}
      sx={{ minInlineSize: 140, maxInlineSize: 240 }}
    >
      {tenants.map((tenant) => (
        <MenuItem key={tenant.tenantId} value={tenant.tenantId}>
          {localize(tenant.localizedName, lang)}
        </MenuItem>
      ))}
    </TextField>
  );
}
