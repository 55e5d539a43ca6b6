import {
  AbilityBuilder,
  createMongoAbility,
  subject,
  type MongoAbility,
  type RawRuleOf,
} from '@casl/ability';

export type Action = 'manage' | 'read' | 'create' | 'update' | 'delete' | 'export';
export type SubjectType =
  | 'Map'
  | 'Layer'
  | 'Feature'
  | 'Search'
  | 'MainSearch'
  | 'Filter'
  | 'Category'
  | 'Bookmark'
  | 'User'
  | 'Export'
  | 'all';
export type AppAbility = MongoAbility<
  [Action, SubjectType | (Record<string, unknown> & { __caslSubjectType__?: string })]
>;
export type AbilityRules = RawRuleOf<AppAbility>[];

export interface AbilityUser {
  id: number;
  type: 'admin' | 'editor' | 'user';
}

const VIEWER_SUBJECTS: SubjectType[] = [
  'Map',
  'Layer',
  'Feature',
  'Search',
  'MainSearch',
  'Filter',
  'Category',
];

/**
 * DESIGN §3 roles; the single definition behind every server check and `GET /api/abilities`.
 * Guests get no rules at all.
 */
export function defineAbilityFor(
  user: AbilityUser | undefined,
  /** A personal access token's abilities: without `write` the user's rules keep only reading. */
  tokenAbilities?: readonly string[],
): AppAbility {
  const { can, cannot, build } = new AbilityBuilder<AppAbility>(createMongoAbility);
  if (user?.type === 'admin') {
    can('manage', 'all');
  } else if (user) {
    can('read', VIEWER_SUBJECTS);
    if (user.type === 'editor') can(['create', 'update'], 'Feature');
    can('export', 'Feature');
    can('manage', 'Bookmark', { user_id: user.id });
    // Exports are streamed only to whoever asked for them.
    can('read', 'Export', { user_id: user.id });
    can(['read', 'update'], 'User', { id: user.id });
    cannot('update', 'User', ['type']);
  }
  // Inverted rules come last, so they win over every `can` above (admin's `manage all` too);
  // reading, and exporting what one may read, stay as the user's role allows.
  if (user && tokenAbilities !== undefined && !tokenAbilities.includes('write'))
    cannot(['create', 'update', 'delete'], 'all');
  return build();
}

/** Whether `action` is allowed on every `subjectType`, not just on some (e.g. listing all users). */
export function canOnAll(ability: AppAbility, action: Action, subjectType: SubjectType): boolean {
  const rules = ability.rulesFor(action, subjectType);
  const first = rules.find((rule) => rule.fields === undefined);
  return first !== undefined && !first.inverted && first.conditions === undefined;
}

export function canOn(
  ability: AppAbility,
  action: Action,
  subjectType: Exclude<SubjectType, 'all'>,
  instance: Record<string, unknown>,
  field?: string,
): boolean {
  return ability.can(action, subject(subjectType, { ...instance }), field);
}
