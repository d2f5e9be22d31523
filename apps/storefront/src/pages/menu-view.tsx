import { useState } from 'react';
import type { PublicMenu } from '@app/contracts';
import { itemCount, priceCart, startsFrom, type MenuItem } from '../lib/cart.ts';
import { useI18n } from '../lib/i18n.tsx';
import { useMoney } from '../lib/money.ts';
import type { Cart } from '../lib/use-cart.ts';
import { ItemSheet } from '../components/item-sheet.tsx';
import { Notices } from '../components/notices.tsx';
import { BASE, navigate, paths } from '../lib/router.ts';
import type { OrderingProps } from './ordering-props.ts';

/** The menu as the admin configured it for this template, priced as the intake will. */
export function MenuView({
  store,
  branch,
  template,
  table,
  menu,
  cart,
  canOrder,
  preview,
  onCheckout,
}: OrderingProps & {
  menu: PublicMenu;
  cart: Cart;
  canOrder: boolean;
  preview: boolean;
  onCheckout: () => void;
}) {
  const { t, l, lang } = useI18n();
  const money = useMoney(menu.currency);
  /** A sold-out item's return, in the branch's time, with its weekday. */
  const timeOf = (at: string) =>
    new Intl.DateTimeFormat(`${lang}-u-nu-latn`, {
      weekday: 'short',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: branch.timeZone,
    }).format(new Date(at));
  const [open, setOpen] = useState<MenuItem | null>(null);
  const { priced, itemsTotal } = priceCart(menu, cart.lines);
  const count = itemCount(priced.map((p) => p.line));
  const sections = menu.sections.filter((s) => s.items.length > 0);
  const parentsOf = (s: (typeof sections)[number] | undefined) =>
    s ? s.parentTitles.map((p) => l(p)).join(' · ') : '';

  return (
    <>
      <main className={`page${count > 0 && canOrder ? ' with-bar' : ''}`}>
        <div className="intro">
          <h1 className="title">{l(branch.branchName)}</h1>
          <p className="muted">
            {t(`template.${template}`)}
            {table && ` · ${t('menu.table', { table: table.title ?? table.value })}`}
          </p>
          {table &&
            template === 'DINING' &&
            !preview &&
            menu.paymentMethods.includes('PAY_LATER') && (
              <a
                className="button secondary"
                href={`${BASE}${paths.bill(store.slug, table.id)}${location.search}`}
                onClick={(e) => {
                  e.preventDefault();
                  navigate(paths.bill(store.slug, table.id));
                }}
              >
                {t('bill.open')}
              </a>
            )}
        </div>
        <Notices
          menu={menu}
          template={template}
          table={table}
          preview={preview}
          timeZone={branch.timeZone}
        />
        {sections.length > 1 && (
          <nav className="section-nav" aria-label={t('menu.sections')}>
            {sections.map((s) => (
              <a key={s.id} href={`#s-${s.id}`}>
                {l(s.localizedTitle)}
              </a>
            ))}
          </nav>
        )}
        {sections.length === 0 && <p className="state">{t('menu.empty')}</p>}
        {sections.map((s, i) => (
          <section key={s.id} id={`s-${s.id}`} className="section" aria-labelledby={`h-${s.id}`}>
            {/* The main section's title over the first of its sections. */}
            {s.parentTitles.length > 0 && parentsOf(s) !== parentsOf(sections[i - 1]) && (
              <p className="overline">{parentsOf(s)}</p>
            )}
            <h2 id={`h-${s.id}`}>{l(s.localizedTitle)}</h2>
            <ul className="items">
              {s.items.map((item) => {
                const { price, from } = startsFrom(item);
                const shown = money(price);
                const body = (
                  <>
                    <span className="item-text">
                      <span className="item-title">{l(item.localizedTitle)}</span>
                      {item.localizedDesc && (
                        <span className="item-desc">{l(item.localizedDesc)}</span>
                      )}
                      <span className="item-price">
                        {from ? t('menu.startsFrom', { price: shown }) : shown}
                      </span>
                      {item.soldOut && (
                        <span className="chip sold-out">
                          {item.backAt
                            ? t('menu.soldOutUntil', { time: timeOf(item.backAt) })
                            : t('menu.soldOut')}
                        </span>
                      )}
                    </span>
                    {item.thumbnail && (
                      <img
                        className="thumb"
                        src={item.thumbnail}
                        alt=""
                        width={88}
                        height={88}
                        loading="lazy"
                        decoding="async"
                      />
                    )}
                  </>
                );
                return (
                  <li key={item.id}>
                    {canOrder && !item.soldOut ? (
                      <button type="button" className="item" onClick={() => setOpen(item)}>
                        {body}
                      </button>
                    ) : (
                      <div className={item.soldOut ? 'item sold-out' : 'item'}>{body}</div>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </main>
      {canOrder && count > 0 && (
        <div className="bar">
          <button type="button" className="button primary wide" onClick={onCheckout}>
            <span>{t('cart.view')}</span>
            <span className="badge">
              {count === 1 ? t('cart.oneItem') : t('cart.items', { count })}
            </span>
            <span>{money(itemsTotal)}</span>
          </button>
        </div>
      )}
      {open && (
        <ItemSheet
          item={open}
          currency={menu.currency}
          onClose={() => setOpen(null)}
          onAdd={(line) => {
            cart.add(line);
            setOpen(null);
          }}
        />
      )}
    </>
  );
}
