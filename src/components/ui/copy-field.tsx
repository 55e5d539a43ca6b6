import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

type CopyFieldProps = {
  label: string;
  value: string;
  /** Several lines (an HTML snippet) rather than one (a link). */
  multiline?: boolean;
};

/** A read-only text to hand on (a link, a snippet) with a button that copies it. */
export function CopyField({ label, value, multiline = false }: CopyFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = () => {
    navigator.clipboard.writeText(value).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  };
  return (
    <div className="field copy-field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="copy-field-row">
        {multiline ? (
          <textarea id={id} className="field-input" readOnly rows={3} value={value} />
        ) : (
          <input id={id} className="field-input" readOnly value={value} />
        )}
        <button
          type="button"
          className="btn btn-secondary"
          aria-label={t('access.copy.named', { name: label })}
          onClick={copy}
        >
          {t('access.copy.button')}
        </button>
      </div>
      {copied && (
        <p role="status" className="field-description">
          {copied === 'yes' ? t('access.copy.done') : t('access.copy.failed')}
        </p>
      )}
    </div>
  );
}
