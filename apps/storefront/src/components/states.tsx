import { useI18n } from '../lib/i18n.tsx';

export function Spinner() {
  const { t } = useI18n();
  return (
    <div className="state" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{t('common.loading')}</span>
    </div>
  );
}

export function Problem({ message, retry }: { message: string; retry?: () => void }) {
  const { t } = useI18n();
  return (
    <div className="state" role="alert">
      <p>{message}</p>
      {retry && (
        <button type="button" className="button secondary" onClick={retry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}
