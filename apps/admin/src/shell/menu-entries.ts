import type { SvgIconComponent } from '@mui/icons-material';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import GppMaybeOutlined from '@mui/icons-material/GppMaybeOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import PriceChangeOutlined from '@mui/icons-material/PriceChangeOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import RestaurantMenuOutlined from '@mui/icons-material/RestaurantMenuOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import type { Permission } from '@app/contracts';
import type en from '../locales/en/common.json';
import { paths } from '../lib/paths.ts';

export type NavLabel = keyof (typeof en)['nav'];

export interface MenuLink {
  kind: 'link';
  label: NavLabel;
  icon: SvgIconComponent;
  path: string;
  permission: Permission;
  /** Shows the live-orders count (new plus unverified tickets). */
  badge?: 'liveOrders';
}

export interface MenuGroup {
  kind: 'group';
  label: NavLabel;
  icon: SvgIconComponent;
  children: readonly MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

/** Side menu of spec §2.12, top to bottom; each entry needs one permission of spec §6. */
export const MENU: readonly MenuEntry[] = [
  {
    kind: 'link',
    label: 'dashboard',
    icon: DashboardOutlined,
    path: paths.dashboard,
    permission: 'MainDashboard',
  },
  {
    kind: 'link',
    label: 'liveOrders',
    icon: ReceiptLongOutlined,
    path: paths.liveOrders,
    permission: 'LiveTickets',
    badge: 'liveOrders',
  },
  {
    kind: 'link',
    label: 'allTicketsReport',
    icon: AssessmentOutlined,
    path: paths.allTicketsReport,
    permission: 'Reports',
  },
  {
    kind: 'group',
    label: 'menuGroup',
    icon: RestaurantMenuOutlined,
    children: [
      {
        kind: 'link',
        label: 'catalog',
        icon: MenuBookOutlined,
        path: paths.catalog,
        permission: 'ManageCatalog',
      },
      {
        kind: 'link',
        label: 'priceAdjustments',
        icon: PriceChangeOutlined,
        path: paths.priceAdjustments,
        permission: 'ManageCatalog',
      },
      {
        kind: 'link',
        label: 'modifierGroups',
        icon: TuneOutlined,
        path: paths.modifierGroups,
        permission: 'ManageModifiers',
      },
      {
        kind: 'link',
        label: 'localizeMenu',
        icon: TranslateOutlined,
        path: paths.localizeMenu,
        permission: 'LocalizeCatalog',
      },
    ],
  },
  {
    kind: 'link',
    label: 'discounts',
    icon: LocalOfferOutlined,
    path: paths.discounts,
    permission: 'Discounts',
  },
  {
    kind: 'link',
    label: 'acceptOrders',
    icon: StorefrontOutlined,
    path: paths.acceptOrders,
    permission: 'OperatingStatus',
  },
  {
    kind: 'link',
    label: 'branchSettings',
    icon: SettingsOutlined,
    path: paths.branchSettings,
    permission: 'StoreSettings',
  },
  {
    kind: 'link',
    label: 'tenants',
    icon: BusinessOutlined,
    path: paths.tenants,
    permission: 'TenantsList',
  },
  {
    kind: 'link',
    label: 'unverifiedTickets',
    icon: GppMaybeOutlined,
    path: paths.unverifiedTickets,
    permission: 'UnverifiedTickets',
  },
];

/** The entries a user may see; a group shows when at least one of its links does. */
export function visibleMenu(
  entries: readonly MenuEntry[],
  permissions: ReadonlySet<Permission>,
): MenuEntry[] {
  return entries.flatMap((entry): MenuEntry[] => {
    if (entry.kind === 'link') return permissions.has(entry.permission) ? [entry] : [];
    const children = entry.children.filter((child) => permissions.has(child.permission));
    return children.length > 0 ? [{ ...entry, children }] : [];
  });
}

/** The link the current path belongs to: the longest path that prefixes it. */
export function activeLinkPath(entries: readonly MenuEntry[], pathname: string): string | null {
  const links = entries.flatMap((entry) => (entry.kind === 'link' ? [entry] : entry.children));
  let best: string | null = null;
  for (const { path } of links) {
    const matches = pathname === path || pathname.startsWith(`${path}/`);
    if (matches && (best === null || path.length > best.length)) best = path;
  }
  return best;
}
