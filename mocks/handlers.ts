import { getAuthMock } from '../generated/api/auth/auth.msw';
import { getUsersMock } from '../generated/api/users/users.msw';

/** Generated faker handlers; stateful scenario handlers are placed in front of them. */
export const handlers = [...getAuthMock(), ...getUsersMock()];
