import type { ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import { APP_VERSION } from '../lib/version.ts';
import { useTranslation } from 'react-i18next';
import { ConnectionDot, type ConnectionState } from '../components/connection-dot.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { TenantSwitcher } from './tenant-switcher.tsx';
import { LazyTooltip } from '../components/lazy-tooltip.tsx';

export interface TopBarProps {
  /** Shows the menu button that opens the temporary drawer (narrow screens). */
  onOpenMenu?: () => void;
  /** The branch status text (spec §4.4), filled by the outlet-settings work. */
  branchStatus?: ReactNode;
  /** The realtime hub's state; no dot until a realtime client reports one. */
  connectionState?: ConnectionState;
  /** Hides tenant, status and connection: for pages outside the admin area. */
  minimal?: boolean;
}

export function TopBar({ onOpenMenu, branchStatus, connectionState, minimal }: TopBarProps) {
  const { t } = useTranslation();
  return (
    <AppBar
      position="fixed"
      sx={[
        {
          bgcolor: 'background.paper',
          color: 'text.primary',
          borderBlockEnd: 1,
          borderColor: 'divider',
        },
        // Above the permanent side menu it clips; below the temporary drawer's backdrop.
        (theme) => ({ [theme.breakpoints.up('md')]: { zIndex: theme.zIndex.drawer + 1 } }),
      ]}
    >
      <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
        {onOpenMenu && (
          <IconButton color="inherit" aria-label={t('nav.openMenu')} onClick={onOpenMenu}>
            <MenuIcon />
          </IconButton>
        )}
        <Typography
          variant="h6"
          component="div"
          noWrap
          sx={{ display: minimal ? 'block' : { xs: 'none', sm: 'block' }, flexShrink: 0 }}
        >
          {t('app.title')}
        </Typography>
        {!minimal && <TenantSwitcher />}
        {!minimal && branchStatus && (
          // On a phone the banner under the bar says what matters; the bar keeps its room.
          <Box sx={{ display: { xs: 'none', sm: 'flex' }, minInlineSize: 0, overflow: 'hidden' }}>
            {branchStatus}
          </Box>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {!minimal && connectionState && <ConnectionDot state={connectionState} />}
        <LazyTooltip title={t('app.version', { version: APP_VERSION })}>
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ display: { xs: 'none', sm: 'block' } }}
          >
            v{APP_VERSION}
          </Typography>
        </LazyTooltip>
        <LanguageSwitch />
      </Toolbar>
    </AppBar>
  );
}
