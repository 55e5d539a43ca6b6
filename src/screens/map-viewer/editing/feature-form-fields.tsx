import type { Dispatch, SetStateAction } from 'react';
import type { AttributeFieldSpec } from '@/components/attribute-fields/attribute-field-spec';
import { AttributeFields } from '@/components/attribute-fields/attribute-fields';

type FeatureFormFieldsProps = {
  specs: readonly AttributeFieldSpec[];
  /** Each property's text as typed, by property name. */
  texts: Record<string, string>;
  onTexts: Dispatch<SetStateAction<Record<string, string>>>;
  saveLabel: string;
  cancelLabel: string;
  /** While the save runs, it cannot be sent again. */
  saving: boolean;
  onCancel: () => void;
};

/** A feature's property fields with the save and cancel buttons: how the new and the edit form end. */
export function FeatureFormFields({
  specs,
  texts,
  onTexts,
  saveLabel,
  cancelLabel,
  saving,
  onCancel,
}: FeatureFormFieldsProps) {
  return (
    <>
      <AttributeFields
        specs={specs}
        texts={texts}
        onChange={(name, text) => onTexts((current) => ({ ...current, [name]: text }))}
      />
      <div className="filters-actions">
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saveLabel}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {cancelLabel}
        </button>
      </div>
    </>
  );
}
