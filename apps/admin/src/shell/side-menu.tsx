import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import { useTranslation } from 'react-i18next';
import { accessSubjectOf } from '../lib/route-access.ts';
import { useSession } from '../lib/session.tsx';
import { mirrorInRtl } from '../lib/direction.ts';
import { paths } from '../lib/paths.ts';
import {
  MENU,
  activeLinkPath,
  visibleMenu,
  type MenuGroup,
  type MenuLink,
} from './menu-entries.ts';

export interface SideMenuProps {
  /** New plus unverified tickets; no badge when 0 or absent. */
  liveOrdersCount?: number;
  /** Called after a link is followed, e.g. to close the temporary drawer. */
  onNavigate?: () => void;
}

export function SideMenu({ liveOrdersCount, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const session = useSession();
  const { user } = session;
  const { pathname } = useLocation();
  const entries = useMemo(() => visibleMenu(MENU, accessSubjectOf(session)), [session]);
  const activePath = activeLinkPath(entries, pathname);

  const renderLink = (link: MenuLink, nested = false) => {
    const Icon = link.icon;
    const selected = link.path === activePath;
    const count = link.badge === 'liveOrders' ? (liveOrdersCount ?? 0) : 0;
    return (
      <ListItem key={link.path} disablePadding>
        <ListItemButton
          component={RouterLink}
          to={link.path}
          selected={selected}
          aria-current={selected ? 'page' : undefined}
          onClick={onNavigate}
          sx={nested ? { paddingInlineStart: 4 } : undefined}
        >
          <ListItemIcon>
            {count > 0 ? (
              <Badge
                badgeContent={count}
                color="error"
                max={99}
                slotProps={{ badge: { 'aria-label': t('nav.liveOrdersBadge', { count }) } }}
              >
                <Icon />
              </Badge>
            ) : (
              <Icon />
            )}
          </ListItemIcon>
          <ListItemText primary={t(`nav.${link.label}`)} />
        </ListItemButton>
      </ListItem>
    );
  };

  return (
    <Box component="nav" aria-label={t('nav.label')} sx={{ overflowY: 'auto' }}>
      <List>
        {entries.map((entry) =>
          entry.kind === 'link' ? (
            renderLink(entry)
          ) : (
            <MenuGroupItem key={entry.label} group={entry} renderLink={renderLink} />
          ),
        )}
      </List>
      {entries.length > 0 && <Divider />}
      {/* Spec §2.12: login or logout; neither until the session is known. */}
      {session.status !== 'loading' && (
        <List>
          <ListItem disablePadding>
            <ListItemButton
              component={RouterLink}
              to={user ? paths.logout : paths.login}
              onClick={onNavigate}
            >
              <ListItemIcon>
                {user ? <LogoutOutlined sx={mirrorInRtl} /> : <LoginOutlined sx={mirrorInRtl} />}
              </ListItemIcon>
              <ListItemText primary={t(user ? 'nav.logout' : 'nav.login')} />
            </ListItemButton>
          </ListItem>
        </List>
      )}
    </Box>
  );
}

function MenuGroupItem({
  group,
  renderLink,
}: {
  group: MenuGroup;
  renderLink: (link: MenuLink, nested?: boolean) => ReactNode;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const Icon = group.icon;
  const id = `menu-group-${group.label}`;
  // The group's button and its links share one list item, so every child of a list is an item.
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        <ListItemIcon>
          <Icon />
        </ListItemIcon>
        <ListItemText primary={t(`nav.${group.label}`)} />
        {open ? <ExpandLess /> : <ExpandMore />}
      </ListItemButton>
      <Collapse in={open} timeout="auto">
        <List id={id} disablePadding>
          {group.children.map((link) => renderLink(link, true))}
        </List>
      </Collapse>
    </ListItem>
  );
}
