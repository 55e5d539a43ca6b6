import { Button, Label, Select as AriaSelect, SelectValue, type Key } from 'react-aria-components';
import { OptionsPopover } from './options-popover';

export type CompactSelectOption = { id: string; label: string };

type CompactSelectProps = {
  label: string;
  options: readonly CompactSelectOption[];
  value: string | null;
  onChange: (value: string) => void;
  /** Shown while nothing is chosen. */
  placeholder?: string;
  /** Keep the label for screen readers only (a bar over the map has no room for it). */
  hideLabel?: boolean;
  className?: string;
  isDisabled?: boolean;
};

/**
 * A small pick-one list (react-aria Select: a button that opens a list box) for bars over
 * the map, where the searchable form select would be too tall.
 */
export function CompactSelect({
  label,
  options,
  value,
  onChange,
  placeholder,
  hideLabel,
  className,
  isDisabled,
}: CompactSelectProps) {
  return (
    <AriaSelect
      className={['compact-select', className].filter(Boolean).join(' ')}
      selectedKey={value}
      onSelectionChange={(key: Key | null) => {
        if (key !== null) onChange(String(key));
      }}
      placeholder={placeholder}
      isDisabled={isDisabled}
    >
      <Label className={hideLabel ? 'visually-hidden' : 'compact-select-label'}>{label}</Label>
      <Button className="compact-select-button">
        <SelectValue className="compact-select-value" />
        <span aria-hidden="true" className="compact-select-arrow">
          ▾
        </span>
      </Button>
      <OptionsPopover className="compact-select-popover" items={options} />
    </AriaSelect>
  );
}
