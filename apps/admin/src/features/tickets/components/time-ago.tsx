import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n.ts';
import { agoOf, refreshIntervalOf } from '../lib/time-ago.ts';

/** "5 minutes ago", kept current at the pace of spec §9; the exact time in a tooltip. */
export function TimeAgo({ timestamp }: { timestamp: string }) {
  const { t } = useTranslation('tickets');
  const lang = useLanguage();
  const placed = Date.parse(timestamp);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = setTimeout(() => setNow(Date.now()), refreshIntervalOf(now - placed));
    return () => clearTimeout(timer);
  }, [now, placed]);

  const ago = agoOf(now - placed);
  const text =
    ago.unit === 'minute' && ago.value === 0
      ? t('justNow')
      : new Intl.RelativeTimeFormat(`${lang}-u-nu-latn`, { numeric: 'always' }).format(
          -ago.value,
          ago.unit,
        );
  return (
    <time
      dateTime={timestamp}
      title={new Date(placed).toLocaleString(lang === 'en' ? 'en-GB' : `${lang}-u-nu-latn`)}
    >
      {text}
    </time>
  );
}
