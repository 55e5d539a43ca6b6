import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromLocalInput, toLocalInput } from './as-of';
import { MomentForm } from './moment-form';

type AsOfControlProps = {
  /** The moment shown (ISO 8601 UTC), or null for now. */
  asOf: string | null;
  onChange: (asOf: string | null) => void;
};

/**
 * "As it was": pick a date and time and every layer is drawn as it was then, rebuilt by the
 * server from the features' history. While a moment is shown a banner says so, with the way
 * back to now.
 */
export function AsOfControl({ asOf, onChange }: AsOfControlProps) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState(() => (asOf ? toLocalInput(asOf) : ''));
  // A moment set elsewhere (the address, "back to now") becomes the field's value; the control
  // stays mounted so the focus it holds is kept.
  const [shown, setShown] = useState(asOf);
  if (asOf !== shown) {
    setShown(asOf);
    setDraft(asOf ? toLocalInput(asOf) : '');
  }
  const field = useRef<HTMLInputElement>(null);
  const picked = fromLocalInput(draft);
  return (
    <div className="as-of-control">
      {asOf && (
        <div role="status" className="as-of-banner">
          <span>
            {t('time.as_of.banner', {
              date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(
                new Date(asOf),
              ),
            })}
          </span>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              onChange(null);
              // The button leaves with the banner: the focus goes to the moment's field, not the page.
              field.current?.focus();
            }}
          >
            {t('time.as_of.back_to_now')}
          </button>
        </div>
      )}
      <MomentForm
        className="as-of-form"
        draft={draft}
        onDraft={setDraft}
        canShow={picked !== null}
        onShow={() => picked && onChange(picked)}
        field={field}
      />
    </div>
  );
}
