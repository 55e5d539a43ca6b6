import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../ui/date-field';
import { Select } from '../ui/select';
import { TextField } from '../ui/text-field';
import { attributeHint, type AttributeFieldSpec } from './attribute-field-spec';

type AttributeFieldProps = {
  spec: AttributeFieldSpec;
  value: string;
  onChange: (text: string) => void;
  /** Bulk edit names its one field apart from the property (its form has a property picker). */
  name?: string;
};

/** The label, with a star for a required field (hidden from screen readers: they hear "required"). */
function FieldLabel({ spec }: { spec: AttributeFieldSpec }): ReactNode {
  return (
    <>
      {spec.label}
      {spec.required ? (
        <span className="required-marker" aria-hidden="true">
          {' *'}
        </span>
      ) : null}
    </>
  );
}

/**
 * One property of a layer's attribute schema as a field of its kind: an enum a searchable
 * select, yes/no a select, a date a date picker, numbers and text a text field with its range
 * or form. Messages (its own checks, the server's 422) come from the surrounding Form by name.
 */
export function AttributeField({ spec, value, onChange, name = spec.name }: AttributeFieldProps) {
  const { t } = useTranslation();
  const label = <FieldLabel spec={spec} />;
  const hint = attributeHint(spec);
  const description = hint ? t(`attribute_form.hints.${hint.key}`, hint.values) : undefined;
  const select = (options: { id: string; label: string }[]) => (
    <Select
      label={label}
      name={name}
      options={options}
      value={value === '' ? null : value}
      onChange={(next) => onChange(next ?? '')}
      isRequired={spec.required}
    />
  );
  switch (spec.kind) {
    case 'select':
      return select(spec.options.map((option) => ({ id: option, label: option })));
    case 'yes-no':
      return select([
        { id: 'true', label: t('viewer.yes') },
        { id: 'false', label: t('viewer.no') },
      ]);
    case 'date':
      return (
        <DateField label={label} name={name} value={value} onChange={onChange} isRequired={spec.required} />
      );
    default:
      return (
        <TextField
          label={label}
          name={name}
          value={value}
          onChange={onChange}
          isRequired={spec.required}
          description={description}
          inputMode={spec.kind === 'number' ? (spec.integer ? 'numeric' : 'decimal') : undefined}
          type={spec.kind === 'url' ? 'url' : 'text'}
        />
      );
  }
}
