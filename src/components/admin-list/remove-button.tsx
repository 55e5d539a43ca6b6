import { useTranslation } from 'react-i18next';

type RemoveButtonProps = {
  /** Names what goes ("Remove Alice"): the short text alone is ambiguous in a column of them. */
  label: string;
  onRemove: () => void;
};

/** Takes an entry out of a list being edited (a grant, a layer rule, a member); the save keeps it. */
export function RemoveButton({ label, onRemove }: RemoveButtonProps) {
  const { t } = useTranslation();
  return (
    <button type="button" className="btn btn-secondary" aria-label={label} onClick={onRemove}>
      {t('access.remove')}
    </button>
  );
}
