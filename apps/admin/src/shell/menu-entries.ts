import type { SvgIconComponent } from '@mui/icons-material';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import GppMaybeOutlined from '@mui/icons-material/GppMaybeOutlined';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PointOfSaleOutlined from '@mui/icons-material/PointOfSaleOutlined';
import PriceChangeOutlined from '@mui/icons-material/PriceChangeOutlined';
import QrCode2Outlined from '@mui/icons-material/QrCode2Outlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import RestaurantMenuOutlined from '@mui/icons-material/RestaurantMenuOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import TableRestaurantOutlined from '@mui/icons-material/TableRestaurantOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import ViewCarouselOutlined from '@mui/icons-material/ViewCarouselOutlined';
import { matchPath } from 'react-router';
import type en from '../locales/en/common.json';
import { mayOpen, type AccessSubject } from '../lib/route-access.ts';
import { paths } from '../lib/paths.ts';

export type NavLabel = keyof (typeof en)['nav'];

export interface MenuLink {
  kind: 'link';
  label: NavLabel;
  icon: SvgIconComponent;
  /** Shown exactly when the user may open this path (its page in lib/pages.ts). */
  path: string;
  /** Shows the live-orders count (new plus unverified tickets). */
  badge?: 'liveOrders';
  /** Active on its own path only, not on the paths below it. */
  exact?: boolean;
  /**
   * Other pages the entry leads to, active there too (branding from the branch settings); a
   * pattern with `:id` matches any id.
   */
  covers?: readonly string[];
}

export interface MenuGroup {
  kind: 'group';
  label: NavLabel;
  icon: SvgIconComponent;
  children: readonly MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

/**
 * Side menu of spec §2.12, top to bottom. An entry shows when its page may be opened, so the
 * menu and the route guard cannot disagree (lib/pages.ts gives each page its right).
 */
export const MENU: readonly MenuEntry[] = [
  {
    kind: 'link',
    label: 'dashboard',
    icon: DashboardOutlined,
    path: paths.dashboard,
  },
  {
    kind: 'link',
    label: 'liveOrders',
    icon: ReceiptLongOutlined,
    path: paths.liveOrders,
    badge: 'liveOrders',
  },
  {
    kind: 'link',
    label: 'allTicketsReport',
    icon: AssessmentOutlined,
    path: paths.allTicketsReport,
  },
  {
    kind: 'group',
    label: 'menuGroup',
    icon: RestaurantMenuOutlined,
    children: [
      {
        // catalog/arrange: the menu card with its banner (menu-management §2 screen 1).
        kind: 'link',
        label: 'menus',
        icon: ViewCarouselOutlined,
        path: paths.catalogArrange,
      },
      {
        kind: 'link',
        label: 'catalog',
        icon: MenuBookOutlined,
        path: paths.catalog,
      },
      {
        kind: 'link',
        label: 'priceAdjustments',
        icon: PriceChangeOutlined,
        path: paths.priceAdjustments,
      },
      {
        kind: 'link',
        label: 'modifierGroups',
        icon: TuneOutlined,
        path: paths.modifierGroups,
      },
      {
        kind: 'link',
        label: 'localizeMenu',
        icon: TranslateOutlined,
        path: paths.localizeMenu,
      },
      {
        kind: 'link',
        label: 'bulkUpload',
        icon: CloudUploadOutlined,
        path: paths.bulkUpload,
      },
    ],
  },
  {
    kind: 'group',
    label: 'dineInPayments',
    icon: TableRestaurantOutlined,
    // §2.12: manage QRs, link items with the point of sale, table live payments, transactions.
    children: [
      {
        kind: 'link',
        label: 'manageQrs',
        icon: QrCode2Outlined,
        path: paths.manageQrs,
        covers: [paths.serviceAreaPayments],
      },
      {
        kind: 'link',
        label: 'posMapping',
        icon: LinkOutlined,
        path: paths.posMapping,
      },
      {
        kind: 'link',
        label: 'tableLivePayments',
        icon: PaymentsOutlined,
        path: paths.tableBillLivePayments,
      },
      {
        kind: 'link',
        label: 'tableTransactions',
        icon: PointOfSaleOutlined,
        path: paths.tableBillTransactions,
      },
    ],
  },
  {
    kind: 'link',
    label: 'discounts',
    icon: LocalOfferOutlined,
    path: paths.discounts,
  },
  {
    kind: 'link',
    label: 'acceptOrders',
    icon: StorefrontOutlined,
    path: paths.acceptOrders,
    // settings/profile and settings/branding sit below it but belong to the branch settings.
    exact: true,
  },
  {
    kind: 'link',
    label: 'printers',
    icon: PrintOutlined,
    path: paths.printers,
  },
  {
    kind: 'link',
    label: 'branchSettings',
    icon: SettingsOutlined,
    path: paths.branchSettings,
    covers: [paths.branding],
  },
  {
    kind: 'link',
    label: 'activity',
    icon: HistoryOutlined,
    path: paths.activity,
  },
  {
    kind: 'link',
    label: 'tenants',
    icon: BusinessOutlined,
    path: paths.tenants,
  },
  {
    kind: 'link',
    label: 'unverifiedTickets',
    icon: GppMaybeOutlined,
    path: paths.unverifiedTickets,
  },
];

/** Every link of the menu, its groups' included. */
export const menuLinks = (entries: readonly MenuEntry[] = MENU): MenuLink[] =>
  entries.flatMap((entry) => (entry.kind === 'link' ? [entry] : entry.children));

/**
 * The entries a user may see: pages the user may open; a group shows when at least one of its
 * links does.
 */
export function visibleMenu(
  entries: readonly MenuEntry[],
  subject: AccessSubject | null,
): MenuEntry[] {
  const shown = (path: string) => mayOpen(path, subject);
  return entries.flatMap((entry): MenuEntry[] => {
    if (entry.kind === 'link') return shown(entry.path) ? [entry] : [];
    const children = entry.children.filter((child) => shown(child.path));
    return children.length > 0 ? [{ ...entry, children }] : [];
  });
}

/** The link the current path belongs to: the longest path that prefixes it. */
export function activeLinkPath(entries: readonly MenuEntry[], pathname: string): string | null {
  const links = menuLinks(entries);
  let best: { path: string; length: number } | null = null;
  for (const link of links) {
    for (const prefix of [link.path, ...(link.covers ?? [])]) {
      const matches = prefix.includes('/:')
        ? matchPath({ path: prefix, end: link.exact ?? false }, pathname) !== null
        : pathname === prefix || (!link.exact && pathname.startsWith(`${prefix}/`));
      if (matches && (best === null || prefix.length > best.length))
        best = { path: link.path, length: prefix.length };
    }
  }
  return best?.path ?? null;
}
