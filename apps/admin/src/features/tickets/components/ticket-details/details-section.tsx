import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A part of the ticket details under its small heading (order, customer, dispatch…). */
export function DetailsSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography
        id={id}
        variant="overline"
        component="h3"
        color="text.secondary"
        sx={{ display: 'block', lineHeight: 2 }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}
