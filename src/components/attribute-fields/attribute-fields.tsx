import { useTranslation } from 'react-i18next';
import type { AttributeFieldSpec } from './attribute-field-spec';
import { AttributeField } from './attribute-field';

type AttributeFieldsProps = {
  specs: readonly AttributeFieldSpec[];
  texts: Readonly<Record<string, string>>;
  onChange: (name: string, text: string) => void;
};

/** Every property of a layer's schema as its field, with the note on what the star means. */
export function AttributeFields({ specs, texts, onChange }: AttributeFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      {specs.some((spec) => spec.required) && (
        <p className="field-description">
          <span className="required-marker" aria-hidden="true">
            *{' '}
          </span>
          {t('attribute_form.required_note')}
        </p>
      )}
      {specs.map((spec) => (
        <AttributeField
          key={spec.name}
          spec={spec}
          value={texts[spec.name] ?? ''}
          onChange={(text) => onChange(spec.name, text)}
        />
      ))}
    </>
  );
}
