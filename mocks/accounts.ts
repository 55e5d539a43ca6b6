import type { UserType } from '../generated/model';

/**
 * The mock-only accounts (mocks/README.md). Fixed passwords are fine here: they exist
 * only inside MSW, never in the real server.
 */
export interface MockAccount {
  id: number;
  name: string;
  email: string;
  password: string;
  type: UserType;
  /** Set for accounts with the second step on: the code MSW accepts as the current TOTP code. */
  totpCode?: string;
  recoveryCodes?: readonly string[];
}

export const MOCK_ADMIN: MockAccount = {
  id: 1,
  name: 'Ada Admin',
  email: 'admin@example.com',
  password: 'mock-admin-password',
  type: 'admin',
};

export const MOCK_TWO_FACTOR_USER: MockAccount = {
  id: 2,
  name: 'Tom Twofactor',
  email: '2fa@example.com',
  password: 'mock-2fa-password',
  type: 'editor',
  totpCode: '123456',
  recoveryCodes: ['mock1-recov', 'mock2-recov'],
};

export const MOCK_USER: MockAccount = {
  id: 3,
  name: 'Una User',
  email: 'user@example.com',
  password: 'mock-user-password',
  type: 'user',
};

export const MOCK_ACCOUNTS: readonly MockAccount[] = [MOCK_ADMIN, MOCK_TWO_FACTOR_USER, MOCK_USER];

/** Any code in a pending 2FA setup is confirmed with this one. */
export const MOCK_TOTP_CODE = '123456';

/** The only reset token the mock accepts (as if it had been mailed). */
export const MOCK_RESET_TOKEN = 'mock-reset-token-0123456789abcdef';

/** Seeded users in total, the three accounts above included: two pages at the default 15. */
export const MOCK_USER_COUNT = 30;
