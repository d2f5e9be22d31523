import Box from '@mui/material/Box';
import { keyframes } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { LazyTooltip } from './lazy-tooltip.tsx';

export type ConnectionState = 'connected' | 'connecting' | 'reconnecting' | 'disconnected';

const pulse = keyframes`
  0% { opacity: 1; transform: scale(1); }
  50% { opacity: 0.35; transform: scale(0.8); }
  100% { opacity: 1; transform: scale(1); }
`;

const COLOR: Record<ConnectionState, string> = {
  connected: 'success.main',
  connecting: 'warning.main',
  reconnecting: 'warning.main',
  disconnected: 'error.main',
};

/** The realtime connection indicator of the top bar (spec §2.12). */
export function ConnectionDot({ state }: { state: ConnectionState }) {
  const { t } = useTranslation();
  const label = t(`connection.${state}`);
  const pulsing = state === 'connecting' || state === 'reconnecting';
  return (
    <LazyTooltip title={label}>
      <Box
        component="span"
        role="img"
        aria-label={label}
        data-state={state}
        sx={{
          display: 'inline-block',
          flexShrink: 0,
          inlineSize: 12,
          blockSize: 12,
          borderRadius: '50%',
          bgcolor: COLOR[state],
          animation: pulsing ? `${pulse} 1.2s ease-in-out infinite` : 'none',
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        }}
      />
    </LazyTooltip>
  );
}
