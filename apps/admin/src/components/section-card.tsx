import { useId, type ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';

/**
 * An outlined card that is a section of its page, named by its heading for assistive
 * technology: `heading` receives the id to put on the heading element it draws.
 */
export function SectionCard({
  heading,
  roomy = false,
  children,
}: {
  heading: (headingId: string) => ReactNode;
  /** More padding on wider screens (a card that is the page's one form). */
  roomy?: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ padding: { xs: 2, sm: roomy ? 3 : 2.5 } }}
    >
      <Stack spacing={2}>
        {heading(headingId)}
        {children}
      </Stack>
    </Paper>
  );
}
