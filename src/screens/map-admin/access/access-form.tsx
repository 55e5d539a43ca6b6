import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useUpdateMapAccess } from '@generated/api/access/access';
import type { Layer, MapAccess } from '@generated/model';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Form } from '@/components/ui/form';
import { NativeSelect } from '@/components/ui/native-select';
import { showToast } from '@/components/ui/toast';
import { useForm } from '@/lib/use-form';
import { isAdmin, useAuthStore } from '@/stores/auth-store';
import { mapCall } from '../shell/map-call';
import { PeoplePicker } from './people-picker';
import {
  draftOf,
  inputOf,
  LAYER_ACCESS,
  ROLES,
  rowMessages,
  VISIBILITIES,
  whoIds,
  type AccessDraft,
  type GrantDraft,
  type RuleDraft,
  type WhoKey,
} from './access-draft';
import { accessChanged } from '@/lib/cache-changes';
import { RemoveButton } from '@/components/admin-list/remove-button';

type AccessFormProps = { mapId: number; access: MapAccess; layers: readonly Layer[] };

/** Who the map is shared with: its visibility, the grants (people or groups, with a role) and the layer rules. */
export function AccessForm({ mapId, access, layers }: AccessFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<AccessDraft>(() => draftOf(access));
  const draft = form.values;
  const update = useUpdateMapAccess();
  const admin = useAuthStore((state) => isAdmin(state.user));

  const setGrant = (index: number, change: Partial<GrantDraft>) =>
    form.update('grants', (grants) =>
      grants.map((grant, at) => (at === index ? { ...grant, ...change } : grant)),
    );
  const setRule = (index: number, change: Partial<RuleDraft>) =>
    form.update('rules', (rules) => rules.map((rule, at) => (at === index ? { ...rule, ...change } : rule)));
  const addRule = () => {
    const first = layers[0];
    if (!first) return;
    form.update('rules', (rules) => [
      ...rules,
      { layerId: first.id, who: '', access: 'read', hidden: [], readOnly: [] },
    ]);
  };

  const save = form.onSubmit(async (values) => {
    const saved = await mapCall(() => update.mutateAsync({ id: mapId, data: inputOf(values) }));
    form.reset(draftOf(saved.data));
    await accessChanged(queryClient, mapId);
    showToast(t('access.saved'));
  });

  const known = draft.grants.map((grant) => ({ id: grant.who, label: grant.name }));
  const granted = new Set(draft.grants.map((grant) => grant.who));

  return (
    <Form label={t('access.form')} form={form} onSubmit={save}>
      <section aria-labelledby="access-visibility-title" className="access-section">
        <h3 id="access-visibility-title">{t('access.visibility.title')}</h3>
        <NativeSelect
          label={t('access.visibility.label')}
          name="visibility"
          value={draft.visibility}
          options={VISIBILITIES.map((value) => ({ value, label: t(`access.visibility.${value}`) }))}
          onChange={(value) => form.set('visibility', value as AccessDraft['visibility'])}
        />
        <p className="field-description">{t(`access.visibility.${draft.visibility}_hint`)}</p>
      </section>

      <section aria-labelledby="access-grants-title" className="access-section">
        <h3 id="access-grants-title">{t('access.grants.title')}</h3>
        {draft.grants.length === 0 ? (
          <p className="status status-empty">{t('access.grants.empty')}</p>
        ) : (
          <ul className="access-rows" aria-label={t('access.grants.list')}>
            {draft.grants.map((grant, index) => (
              <li key={`${grant.who}-${index}`} className="access-row">
                <span className="access-row-name">{grant.name}</span>
                <NativeSelect
                  label={t('access.grants.role_of', { name: grant.name })}
                  value={grant.role}
                  options={ROLES.map((value) => ({ value, label: t(`access.roles.${value}`) }))}
                  onChange={(value) => setGrant(index, { role: value as GrantDraft['role'] })}
                />
                <RemoveButton
                  label={t('access.grants.remove', { name: grant.name })}
                  onRemove={() => form.update('grants', (grants) => grants.filter((_, at) => at !== index))}
                />
                <RowErrors messages={rowMessages(form.errors, `grants.${index}`)} />
              </li>
            ))}
          </ul>
        )}
        <div className="access-add">
          <PeoplePicker
            label={t('access.grants.add_who')}
            mapId={mapId}
            admin={admin}
            exclude={granted}
            onPick={(who, name) =>
              form.update('grants', (grants) => [...grants, { who, role: 'viewer', name }])
            }
          />
        </div>
      </section>

      <section aria-labelledby="access-rules-title" className="access-section">
        <h3 id="access-rules-title">{t('access.rules.title')}</h3>
        <p className="field-description">{t('access.rules.hint')}</p>
        {draft.rules.length === 0 ? (
          <p className="status status-empty">{t('access.rules.empty')}</p>
        ) : (
          <ol className="access-rows" aria-label={t('access.rules.list')}>
            {draft.rules.map((rule, index) => {
              const layer = layers.find((row) => row.id === rule.layerId);
              const number = index + 1;
              return (
                <li key={index} className="access-row access-rule">
                  <NativeSelect
                    label={t('access.rules.layer', { number })}
                    value={String(rule.layerId)}
                    options={layers.map((row) => ({ value: String(row.id), label: row.name }))}
                    onChange={(value) => setRule(index, { layerId: Number(value), hidden: [], readOnly: [] })}
                  />
                  <RuleWho
                    mapId={mapId}
                    number={number}
                    rule={rule}
                    admin={admin}
                    known={known}
                    onPick={(who, name) => setRule(index, { who, name })}
                  />
                  <NativeSelect
                    label={t('access.rules.access', { number })}
                    value={rule.access}
                    options={LAYER_ACCESS.map((value) => ({
                      value,
                      label: t(`access.layer_access.${value}`),
                    }))}
                    onChange={(value) => setRule(index, { access: value as RuleDraft['access'] })}
                  />
                  {rule.access !== 'hidden' && layer && layer.properties.length > 0 && (
                    <PropertyChecks
                      legend={t('access.rules.hidden_properties', { number })}
                      names={layer.properties.map((property) => ({
                        name: property.name,
                        label: property.label,
                      }))}
                      chosen={rule.hidden}
                      onChange={(hidden) => setRule(index, { hidden })}
                    />
                  )}
                  {rule.access === 'edit' && layer && layer.properties.length > 0 && (
                    <PropertyChecks
                      legend={t('access.rules.read_only_properties', { number })}
                      names={layer.properties
                        .filter((property) => !rule.hidden.includes(property.name))
                        .map((property) => ({ name: property.name, label: property.label }))}
                      chosen={rule.readOnly}
                      onChange={(readOnly) => setRule(index, { readOnly })}
                    />
                  )}
                  <RemoveButton
                    label={t('access.rules.remove', { number })}
                    onRemove={() => form.update('rules', (rules) => rules.filter((_, at) => at !== index))}
                  />
                  <RowErrors messages={rowMessages(form.errors, `layer_rules.${index}`)} />
                </li>
              );
            })}
          </ol>
        )}
        <button type="button" className="btn btn-secondary" disabled={layers.length === 0} onClick={addRule}>
          {t('access.rules.add')}
        </button>
      </section>

      <Button type="submit" isDisabled={form.isSubmitting}>
        {form.isSubmitting ? t('access.saving') : t('access.save')}
      </Button>
    </Form>
  );
}

function RowErrors({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <ul role="alert" className="field-errors">
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

function PropertyChecks({
  legend,
  names,
  chosen,
  onChange,
}: {
  legend: string;
  names: { name: string; label: string }[];
  chosen: readonly string[];
  onChange: (names: string[]) => void;
}) {
  return (
    <fieldset className="access-properties">
      <legend>{legend}</legend>
      {names.map(({ name, label }) => (
        <Checkbox
          key={name}
          label={label}
          isSelected={chosen.includes(name)}
          onChange={(selected) =>
            onChange(selected ? [...chosen, name] : chosen.filter((other) => other !== name))
          }
        />
      ))}
    </fieldset>
  );
}

/**
 * Who a layer rule is for: everyone on the map, or a person or group found like the grants'
 * (searched on the server, so any account of a large site can be chosen).
 */
function RuleWho({
  mapId,
  number,
  rule,
  admin,
  known,
  onPick,
}: {
  mapId: number;
  number: number;
  rule: RuleDraft;
  admin: boolean;
  known: readonly { id: WhoKey; label: string }[];
  onPick: (who: WhoKey, name: string) => void;
}) {
  const { t } = useTranslation();
  const name = whoName(rule, t);
  return (
    <PeoplePicker
      label={t('access.rules.who', { number })}
      mapId={mapId}
      admin={admin}
      value={rule.who}
      valueLabel={name}
      everyone={t('access.rules.everyone')}
      known={known}
      onPick={onPick}
    />
  );
}

/**
 * The name of a rule's person or group, as the server names it (so a manager who may not list
 * accounts or groups sees it too, as with the grants) or as picked here.
 */
function whoName(rule: RuleDraft, t: TFunction): string {
  const { user_id, group_id } = whoIds(rule.who);
  if (rule.who === '') return t('access.rules.everyone');
  if (rule.name !== undefined) return rule.name;
  return group_id !== null
    ? t('access.rules.group_id', { id: group_id })
    : t('access.rules.user_id', { id: user_id });
}
