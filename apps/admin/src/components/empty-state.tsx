import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A list with nothing in it yet: a large muted icon, what is missing, and how to get some. */
export function EmptyState({
  icon,
  title,
  hint,
}: {
  icon: ReactNode;
  title: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <Stack
      role="status"
      spacing={1}
      sx={{ alignItems: 'center', paddingBlock: 6, paddingInline: 3, textAlign: 'center' }}
    >
      {icon}
      <Typography variant="h6" component="p">
        {title}
      </Typography>
      {hint && <Typography color="text.secondary">{hint}</Typography>}
    </Stack>
  );
}
