import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DetailsSection } from './details-section.tsx';

// The parts every section of the ticket view is made of.

export type SectionKey =
  | 'order'
  | 'customer'
  | 'fulfilment'
  | 'delivery'
  | 'instructions'
  | 'payment'
  | 'cart'
  | 'totals'
  | 'printing'
  | 'history';

export function Section({ titleKey, children }: { titleKey: SectionKey; children: ReactNode }) {
  const { t } = useTranslation('ticketDetails');
  return <DetailsSection title={t(`sections.${titleKey}`)}>{children}</DetailsSection>;
}

/** A label and its value on one line, the value wrapping under it when space is short. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '180px minmax(0, 1fr)' },
        columnGap: 2,
        paddingBlock: 0.25,
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * Dates keep their own direction (a bdi element): the Arabic format carries its own marks, and
 * forcing left to right would scramble it.
 */
export const DateText = ({ children }: { children: ReactNode }) => <bdi>{children}</bdi>;

/** Phone numbers, ids and card digits read left to right inside Arabic text. */
export const Ltr = ({ children }: { children: ReactNode }) => (
  <Box component="span" dir="ltr" sx={{ unicodeBidi: 'isolate' }}>
    {children}
  </Box>
);
