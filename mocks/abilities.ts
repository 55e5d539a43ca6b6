import type { AbilityRule } from '../generated/model';
import type { UserRecord } from './db';

const READABLE = ['Map', 'Layer', 'Feature', 'Search', 'MainSearch', 'Filter', 'Category'] as const;

/** The rules of docs/decisions.md#abilities, as the real server sends them. */
export function abilitiesFor(user: UserRecord): AbilityRule[] {
  if (user.type === 'admin') return [{ action: 'manage', subject: 'all' }];
  const rules: AbilityRule[] = [
    { action: 'read', subject: [...READABLE] },
    { action: 'export', subject: 'Feature' },
    { action: 'manage', subject: 'Bookmark', conditions: { user_id: user.id } },
    { action: ['read', 'update'], subject: 'User', conditions: { id: user.id } },
    { action: 'update', subject: 'User', fields: ['type'], inverted: true },
  ];
  if (user.type === 'editor') rules.push({ action: ['create', 'update'], subject: 'Feature' });
  return rules;
}
