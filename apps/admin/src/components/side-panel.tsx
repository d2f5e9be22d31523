import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';

export interface SidePanelOptions {
  /** Heading and accessible name of the panel. */
  title?: string;
}

export interface SidePanel {
  openPanel(content: ReactNode, options?: SidePanelOptions): void;
  closePanel(): void;
  isOpen: boolean;
}

const SidePanelContext = createContext<SidePanel | null>(null);

export const SIDE_PANEL_WIDTH = 480;

/** Hosts the slide-in detail editors at the inline-end side (spec §2.12); Escape closes. */
export function SidePanelProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [content, setContent] = useState<ReactNode>(null);
  const [title, setTitle] = useState<string | undefined>();

  const openPanel = useCallback((node: ReactNode, options?: SidePanelOptions) => {
    setContent(node);
    setTitle(options?.title);
    setOpen(true);
  }, []);
  const closePanel = useCallback(() => setOpen(false), []);
  const api = useMemo(
    () => ({ openPanel, closePanel, isOpen: open }),
    [openPanel, closePanel, open],
  );
  const label = title ?? t('panel.label');

  return (
    <SidePanelContext value={api}>
      {children}
      <Drawer
        // MUI mirrors horizontal anchors in right-to-left, so 'right' is the inline end.
        anchor="right"
        open={open}
        onClose={closePanel}
        // Above the app bar, which sits above the permanent side menu from md up.
        sx={{ zIndex: (theme) => theme.zIndex.modal }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': label,
            sx: { inlineSize: { xs: '100%', sm: SIDE_PANEL_WIDTH } },
          },
          transition: { onExited: () => setContent(null) },
        }}
      >
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            paddingInline: 2,
            paddingBlock: 1,
            borderBlockEnd: 1,
            borderColor: 'divider',
          }}
        >
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }} noWrap>
            {title}
          </Typography>
          <IconButton aria-label={t('panel.close')} onClick={closePanel}>
            <CloseIcon />
          </IconButton>
        </Box>
        <Box sx={{ flexGrow: 1, overflowY: 'auto', padding: 2 }}>{content}</Box>
      </Drawer>
    </SidePanelContext>
  );
}

export function useSidePanel(): SidePanel {
  const panel = useContext(SidePanelContext);
  if (!panel) throw new Error('useSidePanel() needs a <SidePanelProvider> above it');
  return panel;
}
