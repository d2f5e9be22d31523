import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { TicketCounters } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { counterFor, TICKET_FILTERS, type TicketFilter } from '../lib/ticket-filters.ts';

/** Spec §2.3: All, New, In Progress, Completed; the first three with a count when above 0. */
export function TicketFilterBar({
  value,
  counters,
  onChange,
}: {
  value: TicketFilter;
  counters: TicketCounters;
  onChange: (filter: TicketFilter) => void;
}) {
  const { t } = useTranslation('tickets');
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={value}
      aria-label={t('filters.label')}
      // On a phone the four share the width, a count going under its label if need be.
      sx={{ display: { xs: 'flex', sm: 'inline-flex' } }}
      onChange={(_, next: TicketFilter | null) => {
        // A click on the pressed toggle keeps it: one filter is always on.
        if (next) onChange(next);
      }}
    >
      {TICKET_FILTERS.map((filter) => {
        const count = counterFor(filter, counters) ?? 0;
        return (
          <ToggleButton
            key={filter}
            value={filter}
            sx={{
              flex: { xs: 1, sm: 'initial' },
              flexWrap: 'wrap',
              gap: { xs: 0.5, sm: 1 },
              paddingInline: { xs: 0.5, sm: 1.5 },
              textTransform: 'none',
              whiteSpace: { xs: 'normal', sm: 'nowrap' },
              lineHeight: 1.3,
            }}
          >
            {t(`filters.${filter}`)}
            {count > 0 && (
              <Box
                component="span"
                sx={{
                  minInlineSize: 22,
                  paddingInline: 0.75,
                  borderRadius: 11,
                  bgcolor: filter === 'new' ? 'error.main' : 'primary.main',
                  color: filter === 'new' ? 'error.contrastText' : 'primary.contrastText',
                  fontSize: 12,
                  lineHeight: '22px',
                  fontWeight: 600,
                }}
              >
                {' '}
                {count}
              </Box>
            )}
          </ToggleButton>
        );
      })}
    </ToggleButtonGroup>
  );
}
