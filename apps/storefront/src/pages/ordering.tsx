import { useState } from 'react';
import type { OrderingTemplate, PublicStorefront } from '@app/contracts';
import { api } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { isPreview, navigate, paths, type Route } from '../lib/router.ts';
import { useCart } from '../lib/use-cart.ts';
import { useLoad } from '../lib/use-load.ts';
import { isNotFound, PageProblem, PageSpinner } from '../components/states.tsx';
import { MenuView } from './menu-view.tsx';
import type { OrderingProps } from './ordering-props.ts';
import { CheckoutView } from './checkout-view.tsx';

/** A branch's public link for one template: /{slug}/{branchId}/{delivery|pickup|dining|menu}. */
export function BranchPage({
  store,
  route,
}: {
  store: PublicStorefront;
  route: Extract<Route, { page: 'branch' }>;
}) {
  const { t } = useI18n();
  const branch = store.branches.find((b) => b.branchId === route.branchId);
  if (!branch) return <PageProblem message={t('store.linkNotFound')} />;
  const template = route.template.toUpperCase() as OrderingTemplate | 'MENU';
  return (
    <Ordering
      store={store}
      branch={branch}
      template={template}
      checkout={route.checkout}
      menuPath={paths.branch(store.slug, branch.branchId, route.template)}
      checkoutPath={paths.branch(store.slug, branch.branchId, route.template, true)}
    />
  );
}

/** A table's QR code: /{slug}/t/{serviceAreaId}; the table says its branch and template. */
export function TablePage({
  store,
  route,
}: {
  store: PublicStorefront;
  route: Extract<Route, { page: 'table' }>;
}) {
  const { t } = useI18n();
  const area = useLoad(`${store.slug}:${route.serviceAreaId}`, (signal) =>
    api.serviceArea(store.slug, route.serviceAreaId, signal),
  );
  if (area.error)
    return (
      <PageProblem
        message={isNotFound(area.error) ? t('store.linkNotFound') : t('common.loadFailed')}
        retry={area.reload}
      />
    );
  const branch = area.data && store.branches.find((b) => b.branchId === area.data!.branchId);
  if (!area.data || !branch) return <PageSpinner />;
  return (
    <Ordering
      store={store}
      branch={branch}
      template={area.data.template}
      table={area.data}
      checkout={route.checkout}
      menuPath={paths.table(store.slug, route.serviceAreaId)}
      checkoutPath={paths.table(store.slug, route.serviceAreaId, true)}
    />
  );
}

/** A unique delivery or pickup link: /{slug}/l/{linkId}; the link says its branch and template. */
export function LinkPage({
  store,
  route,
}: {
  store: PublicStorefront;
  route: Extract<Route, { page: 'link' }>;
}) {
  const { t } = useI18n();
  const link = useLoad(`${store.slug}:l:${route.linkId}`, (signal) =>
    api.uniqueLink(store.slug, route.linkId, signal),
  );
  const branch = link.data && store.branches.find((b) => b.branchId === link.data!.branchId);
  if (link.error || (link.data && !branch))
    return (
      <PageProblem
        message={
          !link.error || isNotFound(link.error) ? t('store.linkNotFound') : t('common.loadFailed')
        }
        retry={link.error ? link.reload : undefined}
      />
    );
  if (!link.data || !branch) return <PageSpinner />;
  return (
    <Ordering
      store={store}
      branch={branch}
      template={link.data.template}
      uniqueLinkId={link.data.id}
      checkout={route.checkout}
      menuPath={paths.link(store.slug, route.linkId)}
      checkoutPath={paths.link(store.slug, route.linkId, true)}
    />
  );
}

/** The menu and the checkout of one branch and template, over one cart. */
function Ordering(props: OrderingProps) {
  const { store, branch, template, table, checkout } = props;
  const { t } = useI18n();
  // A menu-only template is browsed as the dine-in menu, without a cart.
  const menuTemplate: OrderingTemplate = template === 'MENU' ? 'DINING' : template;
  const browseOnly = template === 'MENU' || (table !== undefined && !table.enabled);
  const tableId = menuTemplate === 'DINING' ? table?.id : undefined;
  const menu = useLoad(
    `${store.tenantId}:${branch.branchId}:${menuTemplate}:${tableId}`,
    (signal) => api.menu(store.tenantId, branch.branchId, menuTemplate, signal, tableId),
  );
  const cart = useCart(`${store.tenantId}:${branch.branchId}:${menuTemplate}:${table?.id ?? ''}`);
  const [preview] = useState(isPreview);

  if (menu.error) return <PageProblem message={t('common.loadFailed')} retry={menu.reload} />;
  if (!menu.data) return <PageSpinner />;
  const canOrder = !browseOnly && !preview;
  if (checkout && canOrder)
    return (
      <CheckoutView
        {...props}
        template={menuTemplate}
        menu={menu.data}
        cart={cart}
        onBack={() => navigate(props.menuPath)}
        onPlaced={(ticketId) => navigate(paths.order(store.slug, ticketId), { replace: true })}
      />
    );
  return (
    <MenuView
      {...props}
      menu={menu.data}
      cart={cart}
      canOrder={canOrder}
      preview={preview}
      onCheckout={() => navigate(props.checkoutPath)}
    />
  );
}
