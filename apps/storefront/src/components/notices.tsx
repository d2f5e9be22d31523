import type { PublicMenu, PublicServiceArea } from '@app/contracts';
import { useI18n } from '../lib/i18n.tsx';

/** Why ordering may not work now: closed, not accepting, busy, outside hours, menu only. */
export function Notices({
  menu,
  template,
  table,
  preview,
  timeZone,
}: {
  menu: PublicMenu;
  /** The branch's: opening times are read in it. */
  timeZone: string;
  template: string;
  table?: PublicServiceArea;
  preview: boolean;
}) {
  const { t, lang } = useI18n();
  const status = menu.branchOperatingStatus;
  const notes: { key: string; text: string; tone: 'warn' | 'info' }[] = [];
  if (preview) notes.push({ key: 'preview', text: t('menu.preview'), tone: 'info' });
  if (template === 'MENU') notes.push({ key: 'menu', text: t('menu.menuOnly'), tone: 'info' });
  else if (table && !table.enabled)
    notes.push({ key: 'table', text: t('menu.tableDisabled'), tone: 'warn' });
  if (status.closed) notes.push({ key: 'closed', text: t('menu.closed'), tone: 'warn' });
  else if (!status.acceptingOrders)
    notes.push({ key: 'accepting', text: t('menu.notAccepting'), tone: 'warn' });
  else if (!menu.openNow) {
    const next = menu.nextOpeningTime
      ? new Intl.DateTimeFormat(`${lang}-u-nu-latn`, {
          weekday: 'short',
          hour: 'numeric',
          minute: '2-digit',
          timeZone,
        }).format(new Date(menu.nextOpeningTime))
      : null;
    notes.push({
      key: 'hours',
      text: next ? t('menu.closedHours', { time: next }) : t('menu.closedHoursNoNext'),
      tone: 'warn',
    });
  } else if (status.busy) notes.push({ key: 'busy', text: t('menu.busy'), tone: 'info' });
  if (notes.length === 0) return null;
  return (
    <div className="notices">
      {notes.map((n) => (
        <p key={n.key} className={`notice ${n.tone}`} role="status">
          {n.text}
        </p>
      ))}
    </div>
  );
}
