import { useEffect } from 'react';
import type { PublicStorefront } from '@app/contracts';
import { ApiError, api } from './lib/api.ts';
import { applyBrand } from './lib/brand.ts';
import { useI18n } from './lib/i18n.tsx';
import { useRoute, type Route } from './lib/router.ts';
import { useLoad } from './lib/use-load.ts';
import { Header } from './components/header.tsx';
import { PageProblem, PageSpinner } from './components/states.tsx';
import { StorePage } from './pages/store-page.tsx';
import { BranchPage, LinkPage, TablePage } from './pages/ordering.tsx';
import { OrderPage } from './pages/order-page.tsx';
import { BillPage } from './pages/bill-page.tsx';

export function App() {
  const route = useRoute();
  const { t } = useI18n();
  if (route.page === 'none') return <PageProblem message={t('store.notFound')} />;
  return <StoreFrame route={route} />;
}

function StoreFrame({ route }: { route: Exclude<Route, { page: 'none' }> }) {
  const { t, l } = useI18n();
  const store = useLoad(route.slug, (signal) => api.storefront(route.slug, signal));
  const data = store.data;
  useEffect(() => {
    if (!data) return;
    applyBrand(data.theme.primaryHex);
  }, [data]);
  useEffect(() => {
    document.title = data ? l(data.localizedName) : t('app.title');
  }, [data, l, t]);

  if (store.error)
    return (
      <PageProblem
        message={
          store.error instanceof ApiError && store.error.status === 404
            ? t('store.notFound')
            : t('common.loadFailed')
        }
        retry={
          store.error instanceof ApiError && store.error.status === 404 ? undefined : store.reload
        }
      />
    );
  if (!data) return <PageSpinner />;
  return (
    <>
      <Header store={data} />
      <Page route={route} store={data} />
    </>
  );
}

function Page({
  route,
  store,
}: {
  route: Exclude<Route, { page: 'none' }>;
  store: PublicStorefront;
}) {
  switch (route.page) {
    case 'store':
      return <StorePage store={store} />;
    case 'branch':
      return <BranchPage store={store} route={route} />;
    case 'table':
      return <TablePage store={store} route={route} />;
    case 'order':
      return <OrderPage store={store} ticketId={route.ticketId} />;
    case 'bill':
      return <BillPage store={store} serviceAreaId={route.serviceAreaId} />;
    case 'link':
      return <LinkPage store={store} route={route} />;
  }
}
