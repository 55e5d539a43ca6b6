import { faker } from '@faker-js/faker';
import { drop, factory, primaryKey } from '@mswjs/data';
import type { Locale, User, UserType } from '../generated/model';
import { MOCK_ACCOUNTS, MOCK_USER_COUNT } from './accounts';

/** Same data every run: the seed and reference date are fixed. */
export const MOCK_FAKER_SEED = 20261101;
export const MOCK_REFERENCE_DATE = '2026-11-01T09:30:00Z';

/** The mock "server's" tables. Memory only: a page reload in mock mode reseeds them. */
export const db = factory({
  user: {
    id: primaryKey(Number),
    name: String,
    email: String,
    type: String,
    locale: String,
    password: String,
    two_factor_enabled: Boolean,
    /** The code MSW takes as the current TOTP code ('' when 2FA is off). */
    totp_code: String,
    /** Comma-separated unused recovery codes. */
    recovery_codes: String,
    pending_two_factor: Boolean,
    created_at: String,
    updated_at: String,
  },
});

export type UserRecord = ReturnType<typeof db.user.create>;

/** ISO 8601 UTC without milliseconds, the wire format of every timestamp. */
export function isoSeconds(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

export function toApiUser(record: UserRecord): User {
  return {
    id: record.id,
    name: record.name,
    email: record.email,
    type: record.type as UserType,
    locale: record.locale as Locale,
    two_factor_enabled: record.two_factor_enabled,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

export function nextUserId(): number {
  return db.user.getAll().reduce((max, user) => Math.max(max, user.id), 0) + 1;
}

/** A new account as registration or an admin makes it: no second step, created now. */
export function addUser(fields: {
  name: string;
  email: string;
  password: string;
  type: UserType;
  locale?: Locale;
}): UserRecord {
  const now = isoSeconds(new Date());
  return db.user.create({
    id: nextUserId(),
    ...fields,
    locale: fields.locale ?? 'en',
    two_factor_enabled: false,
    totp_code: '',
    recovery_codes: '',
    pending_two_factor: false,
    created_at: now,
    updated_at: now,
  });
}

export function findUserByEmail(email: string): UserRecord | undefined {
  const wanted = email.trim().toLowerCase();
  return db.user.getAll().find((user) => user.email.toLowerCase() === wanted);
}

export function findUserById(id: number): UserRecord | undefined {
  return db.user.findFirst({ where: { id: { equals: id } } }) ?? undefined;
}

/** Empties the tables and fills them with the documented accounts plus faker users. */
export function seedDatabase(): void {
  drop(db);
  faker.seed(MOCK_FAKER_SEED);
  faker.setDefaultRefDate(MOCK_REFERENCE_DATE);
  for (const account of MOCK_ACCOUNTS) {
    const created = isoSeconds(faker.date.past({ years: 2 }));
    db.user.create({
      id: account.id,
      name: account.name,
      email: account.email,
      type: account.type,
      locale: 'en',
      password: account.password,
      two_factor_enabled: account.totpCode !== undefined,
      totp_code: account.totpCode ?? '',
      recovery_codes: (account.recoveryCodes ?? []).join(','),
      pending_two_factor: false,
      created_at: created,
      updated_at: created,
    });
  }
  for (let id = MOCK_ACCOUNTS.length + 1; id <= MOCK_USER_COUNT; id += 1) {
    const firstName = faker.person.firstName();
    const lastName = faker.person.lastName();
    const created = isoSeconds(faker.date.past({ years: 2 }));
    db.user.create({
      id,
      name: `${firstName} ${lastName}`,
      // The id keeps faker's emails unique.
      email: `${firstName}.${lastName}.${id}@example.org`.toLowerCase().replace(/[^a-z0-9.@]/g, ''),
      type: faker.helpers.arrayElement(['editor', 'user']),
      locale: faker.helpers.arrayElement(['en', 'fr', 'es', 'bn', 'pt-BR', 'zh-CN']),
      password: faker.internet.password(),
      two_factor_enabled: false,
      totp_code: '',
      recovery_codes: '',
      pending_two_factor: false,
      created_at: created,
      updated_at: isoSeconds(faker.date.between({ from: created, to: MOCK_REFERENCE_DATE })),
    });
  }
}
