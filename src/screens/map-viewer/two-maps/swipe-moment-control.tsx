import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromLocalInput, toLocalInput } from '../time/as-of';
import { MomentForm } from '../time/moment-form';

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
    <MomentForm
      className="swipe-moment"
      draft={draft}
      onDraft={setDraft}
      canShow={picked !== null && picked !== asOf}
      onShow={() => picked && onChange(picked)}
      field={field}
    >
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
    </MomentForm>
  );
}
