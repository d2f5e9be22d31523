import type { Ref } from 'react';
import { ApiError } from '../lib/api.ts';
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

/** A whole page that could not be shown. */
export function PageProblem(props: { message: string; retry?: () => void }) {
  return (
    <main className="page">
      <Problem {...props} />
    </main>
  );
}

/** A whole page waiting for what it shows. */
export function PageSpinner() {
  return (
    <main className="page">
      <Spinner />
    </main>
  );
}

/** The server says what a link points at does not exist (gone, or not an id at all). */
export const isNotFound = (error: unknown): boolean =>
  error instanceof ApiError && [404, 422].includes(error.status);

/** A form's summary of what stops it, announced, and focused by the form when it is refused. */
export function ErrorSummary({
  ref,
  problem,
}: {
  ref: Ref<HTMLParagraphElement>;
  problem: string | null;
}) {
  return (
    <p
      ref={ref}
      tabIndex={-1}
      className={problem ? 'notice error-box' : 'visually-hidden'}
      role="alert"
    >
      {problem}
    </p>
  );
}
