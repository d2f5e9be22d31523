import { useEffect, useId, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ReceiptSize } from '@app/contracts';

/** Spec §2.4 and §9: the print window closes 10 s after printing. */
export const PRINT_WINDOW_CLOSE_MS = 10_000;

export interface ReceiptDialogProps {
  html: string;
  size: ReceiptSize;
  ticketNumber: number;
  onClose: () => void;
}

/**
 * The print window: the server's receipt HTML in a frame as wide as the paper, printed as soon
 * as it has loaded, closing by itself 10 s later. The frame runs no scripts.
 */
export function ReceiptDialog({ html, size, ticketNumber, onClose }: ReceiptDialogProps) {
  const { t } = useTranslation('ticketDetails');
  const titleId = useId();
  const frame = useRef<HTMLIFrameElement>(null);
  const printed = useRef(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const print = () => {
    frame.current?.contentWindow?.print();
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => onCloseRef.current(), PRINT_WINDOW_CLOSE_MS);
  };

  const loaded = () => {
    const doc = frame.current?.contentDocument;
    // The frame grows to the receipt's length; the dialog scrolls.
    if (frame.current && doc) frame.current.style.height = `${doc.documentElement.scrollHeight}px`;
    if (printed.current) return;
    printed.current = true;
    print();
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm">
      <DialogTitle id={titleId}>{t('print.title')}</DialogTitle>
      <DialogContent dividers sx={{ backgroundColor: 'grey.100', paddingInline: 2 }}>
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <Box
            component="iframe"
            ref={frame}
            title={t('print.frame', { number: ticketNumber })}
            srcDoc={html}
            sandbox="allow-same-origin allow-modals"
            onLoad={loaded}
            data-size={size}
            sx={{
              border: 0,
              backgroundColor: '#fff',
              boxShadow: 1,
              inlineSize: `calc(${size}mm + 2px)`,
              blockSize: 400,
              display: 'block',
            }}
          />
        </Box>
      </DialogContent>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ paddingInline: 3, paddingBlockStart: 1 }}
      >
        {t('print.closesSoon')}
      </Typography>
      <DialogActions>
        <Button onClick={onClose}>{t('print.close')}</Button>
        <Button variant="contained" onClick={print}>
          {t('print.printAgain')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The print window of the phone's printer app: the app was launched with the receipt; this
 * closes by itself 10 s later, or opens the app again.
 */
export function PrinterAppDialog({ url, onClose }: { url: string; onClose: () => void }) {
  const { t } = useTranslation('ticketDetails');
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useEffect(() => {
    const timer = setTimeout(() => onCloseRef.current(), PRINT_WINDOW_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [url]);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('print.appTitle')}</DialogTitle>
      <DialogContent>
        <Typography>{t('print.appSent')}</Typography>
        <Typography variant="caption" color="text.secondary">
          {t('print.closesSoon')}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('print.close')}</Button>
        <Button variant="contained" href={url}>
          {t('print.appAgain')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
