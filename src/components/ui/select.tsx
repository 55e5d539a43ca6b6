import { useState, type ReactNode } from 'react';
import type { Key } from 'react-aria-components';
import { Button, ComboBox, FieldError, Input, Label } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { OptionsPopover } from './options-popover';
import { useServerError } from './server-errors';

export type SelectOption = { id: string; label: string };

type SelectProps = {
  label: ReactNode;
  name: string;
  options: readonly SelectOption[];
  value: string | null;
  onChange: (value: string | null) => void;
  isRequired?: boolean;
  isDisabled?: boolean;
};

/**
 * A searchable select: type to filter, pick with mouse or keys. When the text
 * matches nothing the list says so (docs/product.md#validation) instead of silently closing.
 */
export function Select({ label, name, options, value, onChange, isRequired, isDisabled }: SelectProps) {
  const { t } = useTranslation();
  const serverError = useServerError(name);
  const selectedLabel = options.find((option) => option.id === value)?.label ?? '';
  const [typed, setTyped] = useState<string | null>(null);
  // Filtered here rather than by the ComboBox, so the list (and its empty state)
  // follows exactly what was typed; showing the selection lists everything.
  const inputValue = typed ?? selectedLabel;
  const needle = inputValue.trim().toLowerCase();
  const shown =
    typed === null || needle === ''
      ? options
      : options.filter((option) => option.label.toLowerCase().includes(needle));

  return (
    <ComboBox
      className="field select"
      name={name}
      formValue="key"
      items={shown}
      inputValue={inputValue}
      onInputChange={(text) => setTyped(text === selectedLabel ? null : text)}
      selectedKey={value}
      onSelectionChange={(key: Key | null) => {
        setTyped(null);
        onChange(key === null ? null : String(key));
      }}
      allowsEmptyCollection
      menuTrigger="focus"
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={serverError !== undefined}
    >
      <Label className="field-label">{label}</Label>
      <div className="select-control">
        <Input className="field-input" />
        <Button className="select-toggle" aria-label={t('select.show_options')}>
          <span aria-hidden="true">▾</span>
        </Button>
      </div>
      <FieldError className="field-error">{serverError}</FieldError>
      <OptionsPopover<SelectOption> emptyText={t('select.no_options')} />
    </ComboBox>
  );
}
