import { useTranslation } from 'react-i18next';

/** The chart group the map highlights (a bar, a slice, a class), with a button that clears it. */
export function SelectionChip({ label, onClear }: { label: string; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <span className="chip">
      {label}
      <button
        type="button"
        className="chip-clear"
        aria-label={t('dashboard.clear_selection', { label })}
        onClick={onClear}
      >
        ×
      </button>
    </span>
  );
}
