import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

/** A button (contained unless told) that shows progress and takes no click while `busy`. */
export function BusyButton({
  busy,
  disabled,
  startIcon,
  ...props
}: ButtonProps & { busy: boolean }) {
  return (
    <Button
      variant="contained"
      {...props}
      disabled={busy || disabled}
      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : startIcon}
    />
  );
}
