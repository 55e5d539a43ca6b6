import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { ComboBox, Input, Label, type Key } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useListAccessCandidates } from '@generated/api/access/access';
import { useListGroups } from '@generated/api/groups/groups';
import { useListUsers } from '@generated/api/users/users';
import { OptionsPopover } from '@/components/ui/options-popover';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { whoKey, type WhoKey } from './access-draft';

type Option = { id: string; label: string };

/** The list's key of "everyone on the map" (the empty who, which a list key cannot be). */
const EVERYONE = '*';
const NO_ONE: ReadonlySet<WhoKey> = new Set();
/** What a manager who is no admin types before the server is asked (its own lower bound). */
const SHORTEST_SEARCH = 2;

type PeoplePickerProps = {
  label: string;
  /** The map whose people and groups to grant a manager who is no admin looks up. */
  mapId: number;
  admin: boolean;
  onPick: (who: WhoKey, name: string) => void;
  /** Left out of the list (those already granted). */
  exclude?: ReadonlySet<WhoKey>;
  /**
   * The chosen person or group, for a field that holds one (a layer rule's "who"); without it
   * the field only adds: it is empty again after each choice.
   */
  value?: WhoKey;
  /** What the field shows for `value` while nothing is typed. */
  valueLabel?: string;
  /** Offered first as the choice of everyone on the map (the empty who). */
  everyone?: string;
  /**
   * People and groups known without asking (those granted a role), offered too, before a
   * manager who may not list every account has typed enough to search.
   */
  known?: readonly { id: WhoKey; label: string }[];
};

/**
 * Type to find a person (by name or email, searched on the server, so a town with thousands
 * of accounts works) or a group. Admins list them all (groups are few, filtered here); the
 * map's other managers, who may not, ask the map's own lookup once they have typed two
 * characters, which answers a few of each (listing all would be the server's 403 and end the
 * page). Choosing closes the list and leaves the focus in the field.
 */
export function PeoplePicker({
  label,
  mapId,
  admin,
  onPick,
  exclude = NO_ONE,
  value,
  valueLabel = '',
  everyone,
  known = [],
}: PeoplePickerProps) {
  const { t } = useTranslation();
  // null while nothing is typed since the last choice: the field then shows the chosen one.
  const [typed, setTyped] = useState<string | null>(null);
  // In an adding field, the key just chosen: the combobox sees a choice and closes its list.
  // Let go at the next typing, so the field stays one that only adds.
  const [justPicked, setJustPicked] = useState<string | null>(null);

  const holds = value !== undefined;
  const text = typed ?? (holds ? valueLabel : '');
  const needle = (typed ?? '').trim();
  const term = useDebouncedValue(needle);
  const users = useListUsers(
    { per_page: 20, ...(term ? { search_global: term } : {}) },
    // The last answer stays listed while the next search runs, so the list does not empty
    // under the pointer between two answers.
    { query: { enabled: admin, placeholderData: keepPreviousData } },
  );
  const groups = useListGroups({ query: { enabled: admin } });
  const searching = !admin && needle.length >= SHORTEST_SEARCH;
  const candidates = useListAccessCandidates(
    mapId,
    { q: term },
    {
      query: {
        enabled: searching && term.length >= SHORTEST_SEARCH,
        placeholderData: keepPreviousData,
      },
    },
  );
  const found = searching ? candidates.data?.data : undefined;
  const matches = (name: string) => name.toLowerCase().includes(needle.toLowerCase());
  const listed: Option[] = [
    ...(everyone !== undefined && matches(everyone) ? [{ id: EVERYONE, label: everyone }] : []),
    ...[...(groups.data?.data ?? []).filter((group) => matches(group.name)), ...(found?.groups ?? [])].map(
      (group) => ({
        id: whoKey({ group_id: group.id }),
        label: t('access.group_name', { name: group.name }),
      }),
    ),
    ...[...(users.data?.data ?? []), ...(found?.users ?? [])].map((user) => ({
      id: whoKey({ user_id: user.id }),
      label: `${user.name} (${user.email})`,
    })),
  ];
  const ids = new Set(listed.map((option) => option.id));
  const options = [
    ...listed,
    ...known.filter((option) => option.id && !ids.has(option.id) && matches(option.label)),
  ].filter((option) => !exclude.has(option.id));

  return (
    <ComboBox
      className="field select"
      items={options}
      inputValue={text}
      onInputChange={(input) => {
        // Choosing the key already held puts its label back in the field: it stays empty.
        const held = holds ? valueLabel : options.find((option) => option.id === justPicked)?.label;
        if (input === held) return setTyped(null);
        setJustPicked(null);
        setTyped(input);
      }}
      selectedKey={holds ? value || EVERYONE : justPicked}
      onSelectionChange={(key: Key | null) => {
        if (key === null) return;
        const picked = options.find((option) => option.id === String(key));
        setTyped(null);
        if (!holds) setJustPicked(String(key));
        if (picked) onPick(picked.id === EVERYONE ? '' : picked.id, picked.label);
      }}
      allowsEmptyCollection
      menuTrigger="focus"
    >
      <Label className="field-label">{label}</Label>
      <div className="select-control">
        <Input className="field-input" />
      </div>
      <OptionsPopover<Option>
        emptyText={
          admin || needle.length >= SHORTEST_SEARCH
            ? t('select.no_options')
            : t('access.type_to_search', { limit: SHORTEST_SEARCH })
        }
      />
    </ComboBox>
  );
}
