import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { mirrorInRtl } from '../lib/direction.ts';

/** Back to the page above: the arrow points to the inline start in either direction. */
export function BackLink({
  to,
  relative,
  sx,
  children,
}: {
  to: string;
  relative?: 'path' | 'route';
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Button
      component={RouterLink}
      to={to}
      relative={relative}
      startIcon={<ArrowBackIcon sx={mirrorInRtl} />}
      sx={sx}
    >
      {children}
    </Button>
  );
}
