import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import { SectionCard } from '../../../components/section-card.tsx';

/** A card of the outlet settings pages, named by its heading. */
export function SettingsCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <SectionCard
      heading={(id) => (
        <Typography id={id} variant="h6" component="h2">
          {title}
        </Typography>
      )}
    >
      {children}
    </SectionCard>
  );
}
