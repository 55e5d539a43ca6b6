import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { uniqueAccount } from './support/accounts';
import { registerAccount } from './support/api';
import { useRealServer } from './support/real-server-suite';
import { eventually, expectPath, signIn, submitLogin } from './support/ui';

// Flow 3: forgot password, the mailed link (through a real SMTP listener), a new password.
describe('password reset', () => {
  const suite = useRealServer();

  test('a user resets a forgotten password with the mailed link and signs in with the new one', async () => {
    const person = uniqueAccount('Forgetful');
    await registerAccount(suite.server().baseUrl, person, suite.smtp());
    const page = await suite.newPage();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expectPath(page, '/forgot-password');
    // Typed as soon as the address has changed: the sign-in form makes way for the reset screen
    // (or its loading status) at once, so this is the reset form's field, never the sign-in one.
    const email = page.getByLabel('Email');
    await email.fill(person.email);
    expect(await email.inputValue()).toBe(person.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page
      .getByRole('status')
      .getByText('We have emailed your password reset link! Please check your mail inbox.')
      .waitFor();

    const mail = await suite.smtp().waitForMail(person.email);
    expect(mail.subject).toBe('Reset Password Notification');
    const link = /https?:\/\/[^\s"<>]+\/reset-password\?[^\s"<>]+/.exec(mail.text)?.[0];
    if (link === undefined) throw new Error(`no reset link in the mail:\n${mail.text}`);
    const url = new URL(link);
    // No APP_URL is set, so the link points back at the origin the request came from.
    expect(url.origin).toBe(suite.server().baseUrl);
    expect(url.searchParams.get('email')).toBe(person.email);
    expect(url.searchParams.get('token')).toMatch(/.{20,}/);

    await page.goto(link);
    await page.getByRole('heading', { name: 'Reset password', level: 1 }).waitFor();
    await eventually(() => page.getByLabel('Email').inputValue(), person.email);
    const newPassword = `new-${randomBytes(10).toString('hex')}`;
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await Promise.all([
      page.getByRole('dialog', { name: 'Password successfully changed.' }).waitFor(),
      page.getByRole('button', { name: 'Reset password' }).click(),
    ]);
    await expectPath(page, '/login');

    // The old password is gone, the new one works.
    await submitLogin(page, person.email, person.password);
    await page.getByText('These credentials do not match our records.').waitFor();
    await signIn(page, person.email, newPassword, person.name);

    // The link works once.
    const again = await suite.newPage();
    await again.goto(link);
    await again.getByLabel('New password').fill(`other-${newPassword}`);
    await again.getByLabel('Confirm password').fill(`other-${newPassword}`);
    await again.getByRole('button', { name: 'Reset password' }).click();
    await again.getByText('This password reset token is invalid.').waitFor();
    await expectPath(again, '/reset-password');
  });
});
