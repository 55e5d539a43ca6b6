import { useTranslation } from 'react-i18next';

/** Shown while a screen's data is on its way. */
export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <p role="status" className="status status-loading">
      <span className="spinner" aria-hidden="true" />
      {label ?? t('common.loading')}
    </p>
  );
}

/** A screen's data could not be loaded. */
export function LoadError({ message }: { message?: string }) {
  const { t } = useTranslation();
  return (
    <p role="alert" className="status status-error">
      {message ?? t('errors.load_failed')}
    </p>
  );
}

export function EmptyState({ message }: { message: string }) {
  return <p className="status status-empty">{message}</p>;
}
