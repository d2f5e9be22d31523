import type { PublicStorefront } from '@app/contracts';
import { useI18n } from '../lib/i18n.tsx';
import { BASE, navigate, paths } from '../lib/router.ts';

/** The storefront's own address: its branches and how each takes orders. */
export function StorePage({ store }: { store: PublicStorefront }) {
  const { t, l } = useI18n();
  return (
    <main className="page">
      <h1 className="title">{t('store.chooseBranch')}</h1>
      <ul className="branches">
        {store.branches.map((b) => (
          <li key={b.branchId} className="card">
            <h2>{l(b.branchName)}</h2>
            <div className="row wrap">
              {b.checkoutTemplates.map((template) => {
                const path = paths.branch(store.slug, b.branchId, template);
                return (
                  <a
                    key={template}
                    className="button secondary"
                    href={`${BASE}${path}${location.search}`}
                    onClick={(e) => {
                      e.preventDefault();
                      navigate(path);
                    }}
                  >
                    {t(`template.${template}`)}
                  </a>
                );
              })}
            </div>
          </li>
        ))}
      </ul>
    </main>
  );
}
