import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { seriousViolations } from './support/axe';
import { useRealServer } from './support/real-server-suite';
import { eventually, expectPath, signInOverHttp } from './support/ui';

const run = promisify(execFile);

type LayerInfo = {
  id: number;
  name: string;
  type: string;
  geometry_type: string | null;
  style: { stroke_color: string; categories?: { value: unknown; color: string }[] };
};
type MapInfo = { id: number; title: string; layers: LayerInfo[] };

async function demoMap(page: Page): Promise<MapInfo> {
  const list = await page.request.get('/api/maps?per_page=50');
  const maps = ((await list.json()) as { data: { id: number; layers_count: number }[] }).data;
  const withLayers = maps.find((map) => map.layers_count > 0);
  if (!withLayers) throw new Error('no demo map with layers on the server');
  const show = await page.request.get(`/api/maps/${withLayers.id}/show?with_layers=true`);
  return ((await show.json()) as { data: MapInfo }).data;
}

type PageImage = { width: number; height: number; colours: number; near: number };

/** Decodes the page image in the browser (no image library in the test) and counts its colours. */
async function readPageImage(page: Page, png: Buffer, colour: string): Promise<PageImage> {
  return page.evaluate(
    async ({ dataUrl, colour }) => {
      const image = new Image();
      image.src = dataUrl;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no canvas');
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      const target = [1, 3, 5].map((start) => parseInt(colour.slice(start, start + 2), 16));
      const colours = new Set<number>();
      let near = 0;
      for (let index = 0; index < data.length; index += 4) {
        const [r, g, b] = [data[index] ?? 0, data[index + 1] ?? 0, data[index + 2] ?? 0];
        // Quantised, so JPEG noise does not count as variety.
        colours.add(((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4));
        if (Math.hypot(r - (target[0] ?? 0), g - (target[1] ?? 0), b - (target[2] ?? 0)) < 40) near += 1;
      }
      return { width: canvas.width, height: canvas.height, colours: colours.size, near };
    },
    { dataUrl: `data:image/png;base64,${png.toString('base64')}`, colour },
  );
}

describe('print to PDF', () => {
  const suite = useRealServer({ demoSeed: true });
  const work = mkdtemp(join(tmpdir(), 'atlasboard-print-'));
  afterAll(async () => rm(await work, { recursive: true, force: true }));

  test('the viewer hands its map to /pdf, which downloads a map sheet with the title, map and legend', async () => {
    const { admin } = suite.server();
    const page = await suite.newPage();
    await signInOverHttp(page, admin.email, admin.password);
    const map = await demoMap(page);
    const pipes = map.layers.find((layer) => layer.name === 'Pipes');
    const points = map.layers.filter((layer) => layer.geometry_type?.includes('Point'));
    const hidden = points[0];
    if (!pipes || !hidden) throw new Error('the demo map lacks pipes or point layers');

    await page.goto(`/maps/${map.id}/show`);
    await page.getByRole('heading', { name: map.title, level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Print' }).click();
    await expectPath(page, '/pdf');
    expect(new URL(page.url()).searchParams.get('map')).toBe(String(map.id));

    const form = page.getByRole('form', { name: 'Print settings' });
    await form.waitFor();
    // The picker names the map once the list of maps has arrived.
    await eventually(() => page.getByLabel('Map', { exact: true }).inputValue(), String(map.id));
    const title = 'Waterworks sheet 4821';
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Paper').selectOption('a4');
    await form.getByLabel('Orientation').selectOption('landscape');
    await form.getByLabel('Scale').selectOption('10000');
    // react-aria draws its own box over the hidden input: tick by the label, as a person does.
    await form
      .getByRole('group', { name: 'Layers on the sheet' })
      .locator('label.checkbox', { hasText: hidden.name })
      .click();
    expect(await form.getByLabel(hidden.name, { exact: true }).isChecked()).toBe(false);
    await page.getByRole('region', { name: `Print preview of ${map.title}` }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      form.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^waterworks-sheet-4821-\d{4}-\d{2}-\d{2}\.pdf$/);
    await page.getByText(`Downloaded ${download.suggestedFilename()}.`).waitFor();
    const dir = await work;
    const pdf = join(dir, 'sheet.pdf');
    await download.saveAs(pdf);

    const { stdout: text } = await run('pdftotext', ['-layout', pdf, '-']);
    expect(text).toContain(title);
    expect(text).toContain('Scale 1:10,000');
    expect(text).toContain(pipes.name);
    // The unticked layer is neither drawn nor in the legend.
    expect(text).not.toContain(hidden.name);

    await run('pdftoppm', ['-png', '-r', '50', '-singlefile', pdf, join(dir, 'page')]);
    const image = await readPageImage(page, await readFile(join(dir, 'page.png')), pipeColour(pipes));
    // A4 landscape at 50 dpi.
    expect(image.width).toBeGreaterThan(image.height);
    expect(Math.round(image.width / 50)).toBe(Math.round(297 / 25.4));
    // A map, not a blank frame: many colours, and the pipes' own colour over a good stretch.
    expect(image.colours).toBeGreaterThan(30);
    expect(image.near).toBeGreaterThan(500);
  });

  test('chosen dashboard widgets print below the map of a portrait sheet: a counter with its value, a chart as drawn', async () => {
    const { admin } = suite.server();
    const page = await suite.newPage();
    await signInOverHttp(page, admin.email, admin.password);
    const map = await demoMap(page);
    await page.goto(`/pdf?map=${map.id}`);
    const form = page.getByRole('form', { name: 'Print settings' });
    await form.waitFor();
    await form.getByLabel('Title').fill('Network figures 3307');
    await form.getByLabel('Orientation').selectOption('portrait');
    await form.getByLabel('Scale').selectOption('10000');
    // None is chosen at first; a counter and a chart of the demo dashboard are ticked.
    const widgets = form.getByRole('group', { name: 'Widgets beside the map' });
    await widgets.getByText('Network length (m)', { exact: true }).waitFor();
    for (const box of await widgets.getByRole('checkbox').all()) expect(await box.isChecked()).toBe(false);
    for (const name of ['Network length (m)', 'Network length by material (m)'])
      await widgets.locator('label.checkbox', { hasText: name }).click();
    expect(await widgets.getByLabel('Network length (m)', { exact: true }).isChecked()).toBe(true);
    // The preview shows where they will print.
    await page.locator('.print-preview-widget', { hasText: 'Network length by material (m)' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      form.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    const dir = await work;
    const pdf = join(dir, 'widgets.pdf');
    await download.saveAs(pdf);

    const { stdout: text } = await run('pdftotext', ['-layout', pdf, '-']);
    expect(text).toContain('Network figures 3307');
    expect(text).toContain('Network length by material (m)');
    // The counter's value follows its title: the network's length in the printed extent.
    expect(text).toMatch(/Network length \(m\)[^\n]*\n\s*[\d,.]+/);
    expect(text).not.toContain('Length per pressure zone (m)');

    await run('pdftoppm', ['-png', '-r', '50', '-singlefile', pdf, join(dir, 'widgets')]);
    const image = await readPageImage(page, await readFile(join(dir, 'widgets.png')), '#8c510a');
    expect(image.height).toBeGreaterThan(image.width);
    // Map and chart both drawn: many colours, the cast-iron brown of the map and of its bar.
    expect(image.colours).toBeGreaterThan(30);
    expect(image.near).toBeGreaterThan(200);
  });
});

/** The demo's pipes are coloured by material: ductile iron (the trunk mains, drawn widest) is a blue no base has. */
function pipeColour(layer: LayerInfo): string {
  return (
    layer.style.categories?.find((category) => category.value === 'ductile_iron')?.color ??
    layer.style.stroke_color
  );
}
