import { useMemo } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { localize, rolesFor, type TicketSummary } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session.tsx';
import { useLanguage } from '../../../lib/i18n.ts';

interface Brand {
  tenantId: string;
  name: string;
  branches: string[];
}

/**
 * Spec §2.3: the page's title and the user's tenants (brands) whose tickets it lists, each with
 * its branch names: the current tenant's from its profile, another's from its tickets.
 */
export function BrandsHeader({ tickets }: { tickets: readonly TicketSummary[] }) {
  const { t } = useTranslation('tickets');
  const lang = useLanguage();
  const { tenants, profile } = useSession();

  const brands = useMemo<Brand[]>(
    () =>
      tenants
        .filter((tenant) => rolesFor('LiveTickets').includes(tenant.role))
        .map((tenant) => {
          const names =
            profile?.tenantId === tenant.tenantId
              ? profile.branchProfiles.map((branch) => localize(branch.branchName, lang))
              : tickets
                  .filter((ticket) => ticket.tenantId === tenant.tenantId)
                  .map((ticket) => localize(ticket.branchName, lang));
          return {
            tenantId: tenant.tenantId,
            name: localize(tenant.localizedName, lang),
            branches: [...new Set(names)],
          };
        }),
    [tenants, profile, tickets, lang],
  );

  return (
    <header>
      <Typography variant="h4" component="h1">
        {t('title')}
      </Typography>
      <Stack
        component="ul"
        aria-label={t('brands')}
        sx={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {brands.map((brand) => (
          <Typography key={brand.tenantId} component="li" color="text.secondary">
            <Typography component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
              {brand.name}
            </Typography>
            {brand.branches.length > 0 && ` · ${brand.branches.join(' · ')}`}
          </Typography>
        ))}
      </Stack>
    </header>
  );
}
