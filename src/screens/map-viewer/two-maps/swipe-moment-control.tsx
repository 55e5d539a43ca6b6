import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromLocalInput, toLocalInput } from '../time/as-of';

type SwipeMomentControlProps = {
  /** The side's moment (ISO 8601 UTC), or null for now. */
  asOf: string | null;
  onChange: (asOf: string | null) => void;
};

/**
 * One side's moment in the swipe bar: a date and time to draw that side as it was then, and
 * the way back to now once one is shown. The surrounding group names the side, so the two
 * sides' fields and buttons are told apart.
 */
export function SwipeMomentControl({ asOf, onChange }: SwipeMomentControlProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(() => (asOf ? toLocalInput(asOf) : ''));
  const field = useRef<HTMLInputElement>(null);
  const picked = fromLocalInput(draft);
  return (
    <form
      className="swipe-moment"
      onSubmit={(event) => {
        event.preventDefault();
        if (picked) onChange(picked);
      }}
    >
      <label>
        <span>{t('time.as_of.label')}</span>
        <input
          ref={field}
          type="datetime-local"
          value={draft}
          max={toLocalInput(new Date().toISOString())}
          onChange={(event) => setDraft(event.target.value)}
        />
      </label>
      <button type="submit" className="btn btn-secondary" disabled={!picked || picked === asOf}>
        {t('time.as_of.show')}
      </button>
      {asOf && (
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => {
            setDraft('');
            onChange(null);
            // The button goes with the moment: the focus stays on this side, in its field.
            field.current?.focus();
          }}
        >
          {t('time.as_of.back_to_now')}
        </button>
      )}
    </form>
  );
}
