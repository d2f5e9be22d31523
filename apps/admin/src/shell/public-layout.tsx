import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { TopBar } from './top-bar.tsx';

/** Layout of the sign-in pages: a slim top bar with the language switch, no side menu. */
export function PublicLayout() {
  return (
    <Box sx={{ minBlockSize: '100dvh' }}>
      <TopBar minimal />
      <Toolbar />
      <Box component="main" sx={{ padding: { xs: 2, md: 4 } }}>
        <Outlet />
      </Box>
    </Box>
  );
}
