import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { toLocalInput } from './as-of';

type MomentFormProps = {
  className: string;
  /** The field's value: a `datetime-local` text, kept by the control that owns the moment. */
  draft: string;
  onDraft: (draft: string) => void;
  /** Whether "Show" would show a new moment. */
  canShow: boolean;
  onShow: () => void;
  field: RefObject<HTMLInputElement | null>;
  /** Shown after "Show" (a side's "Back to now"). */
  children?: ReactNode;
};

/** "As it was on" a date and time, never later than now, and "Show": the viewer's and each swipe side's. */
export function MomentForm({ className, draft, onDraft, canShow, onShow, field, children }: MomentFormProps) {
  const { t } = useTranslation();
  return (
    <form
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        if (canShow) onShow();
      }}
    >
      <label>
        <span>{t('time.as_of.label')}</span>
        <input
          ref={field}
          type="datetime-local"
          value={draft}
          max={toLocalInput(new Date().toISOString())}
          onChange={(event) => onDraft(event.target.value)}
        />
      </label>
      <button type="submit" className="btn btn-secondary" disabled={!canShow}>
        {t('time.as_of.show')}
      </button>
      {children}
    </form>
  );
}
