import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import { isNotAccepted, type Ticket } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../../components/spinner.tsx';
import { useLanguage } from '../../../../lib/i18n.ts';
import { isRefusal, useTicket } from '../../api/ticket-detail.ts';
import { TicketActions } from './ticket-actions.tsx';
import { TicketContent } from './ticket-content.tsx';
import { formatTimestamp } from './ticket-format.ts';
import { TicketStatusChip } from '../ticket-status-chip.tsx';
import { useBackToClose } from './use-back-to-close.ts';
import { useBranchTimeZone } from './use-branch-time-zone.ts';
import { useTicketLoadError } from './use-ticket-load-error.ts';

/** Which ticket the sheet shows: its tenant's calls need the tenant of the ticket. */
export interface TicketRef {
  tenantId: string;
  ticketId: string;
}

export interface TicketDetailsSheetProps {
  /** The ticket to show; null closes the sheet. */
  ticket: TicketRef | null;
  onClose: () => void;
  /** Without the actions row: the orders report shows a ticket to read, not to act on. */
  readOnly?: boolean;
}

/** The widest the sheet's content grows on a large screen, for readable lines. */
const CONTENT_MAX_WIDTH = 960;

/**
 * The ticket details bottom sheet of spec §2.4: status, time and a close button in its header,
 * the actions row, then the whole ticket. Browser Back closes it and stays on the page.
 */
export function TicketDetailsSheet({ ticket, onClose, readOnly = false }: TicketDetailsSheetProps) {
  const { t } = useTranslation('ticketDetails');
  const titleId = useId();
  const close = useBackToClose(ticket?.ticketId ?? null, onClose);
  // The last ticket stays rendered while the sheet slides away.
  const [shown, setShown] = useState(ticket);
  if (ticket && ticket !== shown) setShown(ticket);

  return (
    <Drawer
      anchor="bottom"
      open={ticket !== null}
      onClose={close}
      // Above the app bar, like the side panel.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          sx: {
            maxBlockSize: '92dvh',
            borderStartStartRadius: 12,
            borderStartEndRadius: 12,
          },
        },
        transition: { onExited: () => setShown(null) },
      }}
    >
      {shown ? (
        <SheetBody
          key={`${shown.tenantId}/${shown.ticketId}`}
          ticketRef={shown}
          titleId={titleId}
          onClose={close}
          readOnly={readOnly}
        />
      ) : (
        <Typography id={titleId} sx={{ display: 'none' }}>
          {t('sheet.label')}
        </Typography>
      )}
    </Drawer>
  );
}

function SheetBody({
  ticketRef,
  titleId,
  onClose,
  readOnly,
}: {
  ticketRef: TicketRef;
  titleId: string;
  onClose: () => void;
  readOnly: boolean;
}) {
  const { t } = useTranslation('ticketDetails');
  const query = useTicket(ticketRef.tenantId, ticketRef.ticketId);
  useTicketLoadError(query.error);
  const ticket = query.data;
  const notFound = isRefusal(query.error);

  return (
    <>
      <SheetHeader ticket={ticket} titleId={titleId} onClose={onClose} />
      {/* Focusable, so a keyboard scrolls a read-only order (no control inside to tab to). */}
      <Box
        tabIndex={0}
        role="region"
        aria-labelledby={titleId}
        sx={{
          overflowY: 'auto',
          paddingInline: { xs: 2, sm: 3 },
          paddingBlock: 2,
          '&:focus-visible': {
            outline: '2px solid',
            outlineColor: 'primary.main',
            outlineOffset: -2,
          },
        }}
      >
        <Box sx={{ maxInlineSize: CONTENT_MAX_WIDTH, marginInline: 'auto' }}>
          {ticket ? (
            <Stack spacing={3}>
              {!readOnly && <TicketActions ticket={ticket} />}
              <TicketContent ticket={ticket} />
            </Stack>
          ) : notFound ? (
            <Alert severity="warning">{t('messages.notFound')}</Alert>
          ) : query.isError ? null : (
            <Spinner label={t('sheet.loading')} />
          )}
        </Box>
      </Box>
    </>
  );
}

function SheetHeader({
  ticket,
  titleId,
  onClose,
}: {
  ticket: Ticket | undefined;
  titleId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('ticketDetails');
  const lang = useLanguage();
  const timeZone = useBranchTimeZone(ticket ?? { tenantId: '', branchId: '' });
  const highlighted = ticket ? isNotAccepted(ticket.status) : false;
  return (
    <Box
      sx={{
        position: 'sticky',
        insetBlockStart: 0,
        zIndex: 1,
        borderBlockEnd: 1,
        borderColor: 'divider',
        backgroundColor: (theme) =>
          highlighted ? alpha(theme.palette.warning.main, 0.16) : theme.palette.background.paper,
        paddingInline: { xs: 2, sm: 3 },
        paddingBlock: 1.5,
      }}
    >
      <Box
        sx={{
          maxInlineSize: CONTENT_MAX_WIDTH,
          marginInline: 'auto',
          display: 'flex',
          alignItems: 'center',
          gap: 1,
        }}
      >
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            flexWrap: 'wrap',
            columnGap: 1.5,
            rowGap: 0.5,
            flexGrow: 1,
            minInlineSize: 0,
          }}
        >
          <Typography id={titleId} variant="h6" component="h2">
            {ticket ? t('sheet.orderNumber', { number: ticket.ticketNumber }) : t('sheet.label')}
          </Typography>
          {ticket && <TicketStatusChip status={ticket.status} />}
          {ticket && (
            <Typography variant="body2" color="text.secondary" component="bdi">
              {formatTimestamp(ticket.timestamp, lang, timeZone)}
            </Typography>
          )}
        </Box>
        <IconButton onClick={onClose} aria-label={t('sheet.close')} edge="end">
          <CloseIcon />
        </IconButton>
      </Box>
    </Box>
  );
}

/** The sheet without actions, for pages that show tickets to read (the orders report). */
export function ReadOnlyTicketSheet(props: Omit<TicketDetailsSheetProps, 'readOnly'>) {
  return <TicketDetailsSheet {...props} readOnly />;
}
