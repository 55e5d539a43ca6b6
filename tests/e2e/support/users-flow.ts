import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { eventually, expectPath } from './ui';

export type NewUser = { name: string; email: string; password: string };

/** The users table's data rows (the header row excluded). */
function userRows(page: Page) {
  return page
    .getByRole('grid', { name: 'Users' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') });
}

async function searchByName(page: Page, text: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Search by name' });
  await box.fill(text);
}

/** The names in the table, in order; joined so one poll compares the whole list. */
async function listedNames(page: Page): Promise<string> {
  return (await userRows(page).getByRole('rowheader').allTextContents()).join(' | ');
}

async function expectToast(page: Page, text: string): Promise<void> {
  await page
    .getByRole('region', { name: /Notifications/ })
    .getByText(text, { exact: true })
    .waitFor();
}

/**
 * An admin, already signed in, creates a user, finds it with the search box, renames it,
 * and deletes it through the confirm dialog, checking what the list shows at each step.
 */
export async function createEditSearchDeleteUser(page: Page, user: NewUser): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Users' })
    .click();
  await expectPath(page, '/users');
  await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();

  await page.getByRole('link', { name: 'Create user' }).click();
  await expectPath(page, '/users/create');
  // The URL changes before the lazily loaded form replaces the list (slow in Vite's dev server).
  await page.getByRole('heading', { name: 'Create user', level: 1 }).waitFor();
  await page.getByLabel('Name', { exact: true }).fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('button', { name: 'Create user' }).click();
  await expectToast(page, 'User created successfully');
  await expectPath(page, '/users');

  await searchByName(page, user.name);
  await eventually(() => listedNames(page), user.name);
  const row = userRows(page).first();
  expect(await row.getByText(user.email, { exact: true }).count()).toBe(1);

  const renamed = `${user.name} Renamed`;
  await row.getByRole('link', { name: `Edit ${user.name}` }).click();
  await page.getByRole('heading', { name: 'Edit user', level: 1 }).waitFor();
  expect(new URL(page.url()).pathname).toMatch(/^\/users\/edit\/\d+$/);
  const nameField = page.getByLabel('Name');
  await eventually(() => nameField.inputValue(), user.name);
  await nameField.fill(renamed);
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'User updated successfully');
  await expectPath(page, '/users');

  await searchByName(page, renamed);
  await eventually(() => listedNames(page), renamed);

  await userRows(page)
    .first()
    .getByRole('button', { name: `Delete ${renamed}` })
    .click();
  const dialog = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await dialog.getByText("You won't be able to revert this action!").waitFor();
  await dialog.getByRole('button', { name: 'Yes, delete it!' }).click();
  await expectToast(page, 'User deleted successfully');
  await expectPath(page, '/users');

  await searchByName(page, user.name);
  await page.getByText('No users found.').waitFor();
  expect(await userRows(page).count()).toBe(0);
}
