import type {
  LayerAccess,
  LayerRule,
  MapAccess,
  MapAccessInput,
  MapGrant,
  MapRole,
  Visibility,
} from '@generated/model';

/** Who a grant or a layer rule is for, as one select value: `u:<id>`, `g:<id>`, or '' (everyone). */
export type WhoKey = string;

export const whoKey = (row: { user_id?: number | null; group_id?: number | null }): WhoKey =>
  row.user_id ? `u:${row.user_id}` : row.group_id ? `g:${row.group_id}` : '';

export function whoIds(key: WhoKey): { user_id: number | null; group_id: number | null } {
  const [kind, id] = key.split(':');
  const value = Number(id);
  if (kind === 'u' && value > 0) return { user_id: value, group_id: null };
  if (kind === 'g' && value > 0) return { user_id: null, group_id: value };
  return { user_id: null, group_id: null };
}

export type GrantDraft = { who: WhoKey; role: MapRole; name: string };
export type RuleDraft = {
  layerId: number;
  who: WhoKey;
  /** The person's or group's name: the server's, or the one picked here. */
  name?: string;
  access: LayerAccess;
  hidden: string[];
  readOnly: string[];
};
export type AccessDraft = { visibility: Visibility; grants: GrantDraft[]; rules: RuleDraft[] };

export const VISIBILITIES: readonly Visibility[] = ['private', 'signed_in', 'public'];
export const ROLES: readonly MapRole[] = ['viewer', 'editor', 'manager'];
export const LAYER_ACCESS: readonly LayerAccess[] = ['hidden', 'read', 'edit'];

const grantDraft = (grant: MapGrant): GrantDraft => ({
  who: whoKey(grant),
  role: grant.role,
  name: grant.name,
});
const ruleDraft = (rule: LayerRule): RuleDraft => ({
  layerId: rule.layer_id,
  who: whoKey(rule),
  ...(rule.name === null ? {} : { name: rule.name }),
  access: rule.access,
  hidden: [...rule.hidden_properties],
  readOnly: [...rule.read_only_properties],
});

export const draftOf = (access: MapAccess): AccessDraft => ({
  visibility: access.visibility,
  grants: access.grants.map(grantDraft),
  rules: access.layer_rules.map(ruleDraft),
});

/** The whole draft as the PUT body: every field given, so it replaces what the map has. */
export const inputOf = (draft: AccessDraft): MapAccessInput => ({
  visibility: draft.visibility,
  grants: draft.grants.map((grant) => ({ ...whoIds(grant.who), role: grant.role })),
  layer_rules: draft.rules.map((rule) => ({
    layer_id: rule.layerId,
    ...whoIds(rule.who),
    access: rule.access,
    hidden_properties: rule.access === 'hidden' ? [] : rule.hidden,
    read_only_properties: rule.access === 'edit' ? rule.readOnly : [],
  })),
});

/** The 422 messages of one row (`grants.0.user_id`, `grants.0` …), joined per row. */
export function rowMessages(errors: Record<string, string[]>, prefix: string): string[] {
  return Object.entries(errors)
    .filter(([key]) => key === prefix || key.startsWith(`${prefix}.`))
    .flatMap(([, messages]) => messages);
}
