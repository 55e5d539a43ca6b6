import { useState } from 'react';
import { ComboBox, Input, Label, ListBox, ListBoxItem, Popover, type Key } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useListGroups } from '../../../../generated/api/groups/groups';
import { useListUsers } from '../../../../generated/api/users/users';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { whoKey, type WhoKey } from './access-draft';

type Option = { id: WhoKey; label: string };

/**
 * Type to find a person (by name or email, searched on the server, so a town with thousands
 * of accounts works) or a group (the list is short, filtered here). Listing them is for
 * admins: for anyone else nothing is asked (the server's 403 would end the page).
 */
export function PeoplePicker({
  label,
  admin,
  exclude,
  onPick,
}: {
  label: string;
  admin: boolean;
  exclude: ReadonlySet<WhoKey>;
  onPick: (who: WhoKey, name: string) => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const term = useDebouncedValue(typed.trim());
  const users = useListUsers(
    { per_page: 20, ...(term ? { search_global: term } : {}) },
    { query: { enabled: admin } },
  );
  const groups = useListGroups({ query: { enabled: admin } });
  const needle = typed.trim().toLowerCase();
  const options: Option[] = [
    ...(groups.data?.data ?? [])
      .filter((group) => group.name.toLowerCase().includes(needle))
      .map((group) => ({
        id: whoKey({ group_id: group.id }),
        label: t('access.group_name', { name: group.name }),
      })),
    ...(users.data?.data ?? []).map((user) => ({
      id: whoKey({ user_id: user.id }),
      label: `${user.name} (${user.email})`,
    })),
  ].filter((option) => !exclude.has(option.id));

  return (
    <ComboBox
      className="field select"
      items={options}
      inputValue={typed}
      onInputChange={setTyped}
      selectedKey={null}
      onSelectionChange={(key: Key | null) => {
        if (key === null) return;
        const picked = options.find((option) => option.id === String(key));
        setTyped('');
        if (picked) onPick(picked.id, picked.label);
      }}
      allowsEmptyCollection
      menuTrigger="focus"
      isDisabled={!admin}
    >
      <Label className="field-label">{label}</Label>
      <div className="select-control">
        <Input className="field-input" />
      </div>
      <Popover className="select-popover">
        <ListBox<Option>
          className="select-list"
          renderEmptyState={() => <p className="select-empty">{t('select.no_options')}</p>}
        >
          {(option) => (
            <ListBoxItem id={option.id} className="select-option" textValue={option.label}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
