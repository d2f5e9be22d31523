import type { SxProps, Theme } from '@mui/material/styles';

/** For icons that point along the reading direction (arrows, log in/out). */
export const mirrorInRtl: SxProps<Theme> = (theme) =>
  theme.direction === 'rtl' ? { transform: 'scaleX(-1)' } : {};
