import type { Page } from 'playwright-core';

export type DemoLayer = { id: number; name: string; geometry_type: string | null; type: string };
export type DemoMap = { id: number; title: string; layers: DemoLayer[] };

/** The demo map as the viewer gets it (the server seeds it on an empty database), read as `page`'s account. */
export async function demoMap(page: Page): Promise<DemoMap> {
  const list = await page.request.get('/api/maps?per_page=50');
  const maps = ((await list.json()) as { data: { id: number; layers_count: number }[] }).data;
  const withLayers = maps.find((map) => map.layers_count > 0);
  if (!withLayers) throw new Error('no demo map with layers on the server');
  const show = await page.request.get(`/api/maps/${withLayers.id}/show?with_layers=true`);
  if (!show.ok()) throw new Error(`showMap answered ${show.status()}: ${await show.text()}`);
  return ((await show.json()) as { data: DemoMap }).data;
}
