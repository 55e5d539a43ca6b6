import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { uniqueAccount } from './support/accounts';
import { registerAccount } from './support/api';
import { useRealServer } from './support/real-server-suite';
import { eventually, expectPath, signIn, signInOverHttp } from './support/ui';

/** Types into a searchable select and picks the option, as a person would. */
async function pick(page: Page, label: string, typed: string, option: string): Promise<void> {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The map id in /dashboard/maps/:id/... */
function mapIdOf(page: Page): number {
  return Number(new URL(page.url()).pathname.split('/')[3]);
}

type ShownLayer = {
  id: number;
  name: string;
  category_id: number | null;
  properties: { name: string; type: string }[];
};
type ShownMap = {
  title: string;
  layers: ShownLayer[];
  categories: { id: number; name: string }[];
  filters: { name: string; layer_id: number; property: string }[];
  searches: { name: string; layer_id: number; fields: string[] }[];
};

const ADMIN_ROUTES = [
  '/maps/create',
  '/dashboard/maps/1/general',
  '/dashboard/maps/1/layers',
  '/dashboard/maps/1/layers/create',
  '/dashboard/maps/1/searches',
  '/dashboard/maps/1/main-search',
  '/dashboard/maps/1/filters',
  '/dashboard/maps/1/categories',
  '/dashboard/maps/1/water-network',
];

// The map administration flow against the real server and database.
describe('map administration', () => {
  const suite = useRealServer();

  test('an admin builds a map that the viewer data then shows', async () => {
    const { admin } = suite.server();
    const page = await suite.newPage();
    await signIn(page, admin.email, admin.password, admin.name);

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Maps' })
      .click();
    await expectPath(page, '/dashboard/maps');
    await page.getByRole('link', { name: 'Create map' }).click();
    const title = `E2E town ${Date.now()}`;
    // The view picker is the last part to arrive (its own chunk); fill once the form is whole.
    await page.getByRole('region', { name: 'Pan and zoom to choose the opening view' }).waitFor();
    await page.getByLabel('Title').fill(title);
    await eventually(() => page.getByLabel('Title').inputValue(), title);
    await page.getByRole('button', { name: 'Create map' }).click();
    await page.getByRole('heading', { name: 'Layers', level: 2 }).waitFor();
    const mapId = mapIdOf(page);
    expect(new URL(page.url()).pathname).toBe(`/dashboard/maps/${mapId}/layers`);

    const sections = page.getByRole('navigation', { name: 'Map sections' });
    await sections.getByRole('link', { name: 'Categories' }).click();
    await page.getByRole('link', { name: 'Create category' }).click();
    await page.getByLabel('Name').fill('Network');
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('navigation', { name: 'Category tree' })
      .getByRole('group', { name: 'Network' })
      .waitFor();

    await sections.getByRole('link', { name: 'Layers' }).click();
    await page.getByRole('link', { name: 'Create layer' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Mains');
    await pick(page, 'Geometry type', 'Line', 'Line');
    await pick(page, 'Category', 'Netw', 'Network');
    for (let index = 0; index < 3; index += 1)
      await page.getByRole('button', { name: 'Add property' }).click();
    const entry = (position: number) =>
      page.getByRole('group', { name: `Property ${position}`, exact: true });
    await entry(1).getByLabel('Property name').fill('name');
    await entry(2).getByLabel('Property name').fill('diameter');
    await entry(2).getByRole('combobox', { name: 'Type' }).fill('Whole');
    await page.getByRole('option', { name: 'Whole number' }).click();
    await entry(3).getByLabel('Property name').fill('status');
    await entry(3).getByRole('combobox', { name: 'Type' }).fill('List');
    await page.getByRole('option', { name: 'List of values' }).click();
    await entry(3).getByLabel('Options').fill('in_service, abandoned');
    await page.getByRole('button', { name: 'Create layer' }).click();
    await page.getByRole('heading', { name: 'Edit layer: Mains', level: 2 }).waitFor();

    const schema = page.getByRole('form', { name: 'Attribute schema' });
    await schema
      .getByRole('group', { name: 'Property 2', exact: true })
      .getByLabel('Property name')
      .fill('diameter_mm');
    await schema.getByRole('button', { name: 'Save schema' }).click();
    await page.getByText('Schema saved').waitFor();

    await sections.getByRole('link', { name: 'Filters' }).click();
    await page.getByRole('link', { name: 'Create filter' }).click();
    await page.getByLabel('Name').fill('Status');
    await pick(page, 'Layer', 'Mai', 'Mains');
    await pick(page, 'Property', 'stat', 'status (status)');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('listitem', { name: 'Status' }).waitFor();

    await sections.getByRole('link', { name: 'Searches' }).click();
    await page.getByRole('link', { name: 'Create search' }).click();
    await page.getByLabel('Name').fill('Mains by name');
    await pick(page, 'Layer', 'Mai', 'Mains');
    // react-aria keeps the real input visually hidden; a person presses its label.
    await page.locator('label').filter({ hasText: 'name (name)' }).click();
    await eventually(() => page.getByRole('checkbox', { name: 'name (name)' }).isChecked(), true);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('listitem', { name: 'Mains by name' }).waitFor();

    // What the viewer loads: the same map, with everything the admin made.
    const answer = await page.request.get(`/api/maps/${mapId}/show?with_layers=true`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
    });
    expect(answer.status()).toBe(200);
    const shown = ((await answer.json()) as { data: ShownMap }).data;
    expect(shown.title).toBe(title);
    expect(shown.categories.map((category) => category.name)).toEqual(['Network']);
    expect(shown.layers).toHaveLength(1);
    const [layer] = shown.layers;
    expect(layer?.category_id).toBe(shown.categories[0]?.id);
    expect(layer?.properties.map((property) => [property.name, property.type])).toEqual([
      ['name', 'string'],
      ['diameter_mm', 'integer'],
      ['status', 'enum'],
    ]);
    expect(shown.filters).toEqual([
      expect.objectContaining({ name: 'Status', layer_id: layer?.id, property: 'status' }),
    ]);
    expect(shown.searches).toEqual([
      expect.objectContaining({ name: 'Mains by name', layer_id: layer?.id, fields: ['name'] }),
    ]);
  });

  test('an admin imports a CSV into a new layer and sees its features in the admin table', async () => {
    const { admin } = suite.server();
    const page = await suite.newPage();
    await signInOverHttp(page, admin.email, admin.password);
    await page.goto('/maps/create');
    await page.getByRole('region', { name: 'Pan and zoom to choose the opening view' }).waitFor();
    await page.getByLabel('Title').fill(`Meters ${Date.now()}`);
    await page.getByRole('button', { name: 'Create map' }).click();
    await page.getByRole('heading', { name: 'Layers', level: 2 }).waitFor();
    const mapId = mapIdOf(page);

    await page.getByRole('link', { name: 'Import from file' }).click();
    await expectPath(page, `/dashboard/maps/${mapId}/layers/import`);
    // Made here: three meters with lon/lat columns (found by name) and one row without a place.
    const csv = [
      'serial,reading,installed,lon,lat',
      'M-1,12.5,2021-03-04,-8.611,41.151',
      'M-2,7,2022-11-30,-8.612,41.152',
      'M-3,3.25,2020-01-15,-8.613,41.153',
      'M-4,1,2020-01-16,,',
    ].join('\n');
    await page.getByLabel('Data file').setInputFiles({
      name: 'meters.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByRole('group', { name: 'Where the CSV rows are' }).waitFor();
    await page.getByRole('button', { name: 'Import' }).click();

    const summary = page.getByRole('status', { name: 'Import result' });
    await summary.waitFor();
    expect(await summary.textContent()).toContain('Features imported: 3.');
    expect(await summary.textContent()).toContain('Skipped without a usable geometry: 1.');
    // The inferred schema, shown for editing.
    const schema = page.getByRole('form', { name: 'Attribute schema' });
    await eventually(
      async () =>
        (
          await schema
            .getByLabel('Property name')
            .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))
        ).join(', '),
      'serial, reading, installed',
    );

    await summary.getByRole('link', { name: 'Show its features' }).click();
    const table = page.getByRole('table', { name: 'Features of meters' });
    await table.getByRole('cell', { name: 'M-2', exact: true }).waitFor();
    expect(await table.getByRole('cell', { name: /^M-\d$/ }).count()).toBe(3);
  });

  test('a signed-in user who is not an admin is sent home from every map admin route', async () => {
    const person = uniqueAccount('Map Guard User');
    await registerAccount(suite.server().baseUrl, person, suite.smtp());
    const page = await suite.newPage();
    await signInOverHttp(page, person.email, person.password);
    for (const path of ADMIN_ROUTES) {
      await page.goto(path);
      await eventually(async () => new URL(page.url()).pathname, '/');
      await page.getByRole('heading', { name: `Welcome, ${person.name}`, level: 1 }).waitFor();
    }
    // The maps list itself is for every signed-in user.
    await page.goto('/dashboard/maps');
    await page.getByRole('heading', { name: 'Maps', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Create map' }).count()).toBe(0);
  });
});
