import { forwardRef } from 'react';
import Box from '@mui/material/Box';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import { SnackbarContent, type CustomContentProps, type VariantType } from 'notistack';

/** Colours with 4.5:1 or more between the text and the bar (notistack's own green fails). */
const COLOURS: Record<VariantType, { bg: string; fg: string }> = {
  default: { bg: '#313131', fg: '#ffffff' },
  info: { bg: '#313131', fg: '#ffffff' },
  success: { bg: '#1b5e20', fg: '#ffffff' },
  error: { bg: '#b71c1c', fg: '#ffffff' },
  warning: { bg: '#ed6c02', fg: '#000000' },
};

/** How a screen reader hears a snackbar: errors interrupt (alert), everything else waits its turn. */
export const liveRoleOf = (variant: VariantType): 'alert' | 'status' =>
  variant === 'error' ? 'alert' : 'status';

/**
 * notistack's snackbar as a live region: the message (not its buttons) is a status or an alert,
 * so a screen reader announces what was saved, accepted or refused, and why.
 */
export const AnnouncedSnackbar = forwardRef<HTMLDivElement, CustomContentProps>(
  function AnnouncedSnackbar({ id, message, variant, action, style, className }, ref) {
    const colours = COLOURS[variant];
    const actions = typeof action === 'function' ? action(id) : action;
    const icon =
      variant === 'success' ? (
        <CheckCircleOutlined fontSize="small" />
      ) : variant === 'error' ? (
        <ErrorOutline fontSize="small" />
      ) : null;
    return (
      // notistack's class names kept: tests and styles find a snackbar by them.
      <SnackbarContent
        ref={ref}
        style={style}
        className={`${className ?? ''} notistack-MuiContent notistack-MuiContent-${variant}`}
      >
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: 1,
            inlineSize: '100%',
            minInlineSize: { sm: 288 },
            paddingInline: 2,
            paddingBlock: 0.75,
            borderRadius: 1,
            bgcolor: colours.bg,
            color: colours.fg,
            boxShadow: 6,
            typography: 'body2',
          }}
        >
          <Box
            // notistack's own id for a snackbar's message, which tests find it by.
            id="notistack-snackbar"
            role={liveRoleOf(variant)}
            aria-live={variant === 'error' ? 'assertive' : 'polite'}
            aria-atomic="true"
            sx={{ display: 'flex', alignItems: 'center', gap: 1, paddingBlock: 1, flexGrow: 1 }}
          >
            {icon}
            {message}
          </Box>
          {actions && (
            <Box sx={{ display: 'flex', alignItems: 'center', marginInlineStart: 'auto' }}>
              {actions}
            </Box>
          )}
        </Box>
      </SnackbarContent>
    );
  },
);

/** Every variant through the announced snackbar (SnackbarProvider's `Components`). */
export const ANNOUNCED_SNACKBARS = {
  default: AnnouncedSnackbar,
  info: AnnouncedSnackbar,
  success: AnnouncedSnackbar,
  error: AnnouncedSnackbar,
  warning: AnnouncedSnackbar,
} as const;
