import { describe, test } from 'vitest';
import { uniqueAccount } from './support/accounts';
import { useRealServer } from './support/real-server-suite';
import { expectPath, submitLogin } from './support/ui';
import { createEditSearchDeleteUser } from './support/users-flow';

// Flow 1 against the real server and database.
describe('user administration', () => {
  const suite = useRealServer();

  test('the admin signs in, creates, edits, searches and deletes a user', async () => {
    const { admin } = suite.server();
    const page = await suite.newPage();
    await submitLogin(page, admin.email, admin.password);
    // The success popup closes itself after 1.5 s, so it is awaited alongside the greeting.
    await Promise.all([
      page.getByRole('dialog', { name: 'Login successfully' }).waitFor(),
      page.getByRole('heading', { name: `Welcome, ${admin.name}`, level: 1 }).waitFor(),
    ]);
    await expectPath(page, '/');

    const person = uniqueAccount('Managed Person');
    await createEditSearchDeleteUser(page, person);

    // Deleted for real: the account can no longer sign in.
    const former = await suite.newPage();
    await submitLogin(former, person.email, person.password);
    await former.getByText('These credentials do not match our records.').waitFor();
    await expectPath(former, '/login');
  });
});
