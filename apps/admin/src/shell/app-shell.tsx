import { useId, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { ConnectionState } from '../components/connection-dot.tsx';
import { SidePanelProvider } from '../components/side-panel.tsx';
import { SideMenu } from './side-menu.tsx';
import { TopBar } from './top-bar.tsx';

export const SIDE_MENU_WIDTH = 280;

export interface AppShellProps {
  liveOrdersCount?: number;
  branchStatus?: ReactNode;
  connectionState?: ConnectionState;
  /** Banners under the top bar, above every admin page (the outlet status banner). */
  banner?: ReactNode;
}

/**
 * Layout of the admin pages: top bar, side menu at the inline start (permanent from the md
 * breakpoint, a temporary drawer below it), the page, and the slide panel host.
 */
export function AppShell({
  liveOrdersCount,
  branchStatus,
  connectionState,
  banner,
}: AppShellProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);
  const menuTitleId = useId();

  return (
    <SidePanelProvider>
      <Box sx={{ display: 'flex', minBlockSize: '100dvh' }}>
        <TopBar
          onOpenMenu={wide ? undefined : () => setMenuOpen(true)}
          branchStatus={branchStatus}
          connectionState={connectionState}
        />
        {wide ? (
          <Drawer
            variant="permanent"
            // MUI mirrors horizontal anchors in right-to-left, so 'left' is the inline start.
            anchor="left"
            sx={{
              inlineSize: SIDE_MENU_WIDTH,
              flexShrink: 0,
              '& .MuiDrawer-paper': { inlineSize: SIDE_MENU_WIDTH, boxSizing: 'border-box' },
            }}
          >
            <Toolbar />
            <SideMenu liveOrdersCount={liveOrdersCount} />
          </Drawer>
        ) : (
          <Drawer
            variant="temporary"
            anchor="left"
            open={menuOpen}
            onClose={closeMenu}
            // The open menu is a modal dialog: named by its title (axe: aria-dialog-name).
            slotProps={{
              paper: { 'aria-labelledby': menuTitleId, sx: { inlineSize: SIDE_MENU_WIDTH } },
            }}
          >
            <Toolbar>
              <Typography id={menuTitleId} variant="h6" component="div" noWrap>
                {t('app.title')}
              </Typography>
            </Toolbar>
            <Divider />
            <SideMenu liveOrdersCount={liveOrdersCount} onNavigate={closeMenu} />
          </Drawer>
        )}
        <Box component="main" sx={{ flexGrow: 1, minInlineSize: 0 }}>
          <Toolbar />
          {banner}
          <Box sx={{ padding: { xs: 2, md: 3 } }}>
            <Outlet />
          </Box>
        </Box>
      </Box>
    </SidePanelProvider>
  );
}
