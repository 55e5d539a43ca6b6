import { inflateSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listWidgets } from '@generated/api/dashboards/dashboards';
import { showMap } from '@generated/api/maps/maps';
import { applyScenario } from '@mocks/scenarios';
import { makeSheetPdf } from './pdf-sheet';
import { printedWidgets } from './print-widgets';
import { sheetLayout } from './sheet-layout';

// jsdom draws nothing: the map image is a one-pixel JPEG, as a canvas would hand it over.
const PIXEL =
  'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=';

/** The text a PDF viewer finds on the page: every string shown, from the page's inflated streams. */
async function pdfText(pdf: Blob): Promise<string> {
  const bytes = Buffer.from(await pdf.arrayBuffer());
  const raw = bytes.toString('latin1');
  const shown: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(bytes.subarray(start, end)).toString('latin1');
    } catch {
      content = raw.slice(start, end);
    }
    for (const text of content.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g))
      shown.push((text[1] ?? '').replace(/\\(.)/g, '$1'));
  }
  return shown.join('\n');
}

afterEach(() => vi.restoreAllMocks());

describe('widgets on the print sheet', () => {
  it('prints a chosen counter as its label and value and a chosen chart under its title; an unchosen widget stays off', async () => {
    applyScenario('admin');
    const map = (await showMap(1, { with_layers: true })).data;
    const widgets = (await listWidgets(1)).data;
    const counter = widgets.find((widget) => widget.title === 'Hydrants in view');
    const chart = widgets.find((widget) => widget.title === 'Network length by material (m)');
    expect(counter && chart).toBeTruthy();
    const chosen = [chart?.id ?? 0, counter?.id ?? 0];
    const layout = sheetLayout('a4', 'landscape', chosen.length);
    const printed = await printedWidgets({
      mapId: 1,
      widgets,
      chosen,
      layers: map.layers ?? [],
      // The whole world: every hydrant of the town is in view.
      bbox: [-180, -85, 180, 85],
      boxes: layout.widgets,
      dpi: 150,
      words: { none: '(no value)', other: 'Other', locale: 'en' },
    });
    // In the dashboard's order (the counter comes first there), whatever order they were ticked in.
    expect(printed.map((widget) => widget.title)).toEqual([
      'Hydrants in view',
      'Network length by material (m)',
    ]);
    expect(printed[0]?.value).toMatch(/^[1-9]/);
    expect(printed[1]?.rows.length).toBeGreaterThan(0);

    const canvas = document.createElement('canvas');
    vi.spyOn(canvas, 'toDataURL').mockReturnValue(PIXEL);
    const pdf = await makeSheetPdf({
      title: 'Demo town',
      paper: 'a4',
      orientation: 'landscape',
      mapImage: canvas,
      scale: 10000,
      rotation: 0,
      legend: [],
      widgets: printed,
      texts: {
        date: '29 November 2026',
        scale: 'Scale 1:10,000',
        legend: 'Legend',
        north: 'N',
        attribution: null,
      },
    });
    const text = await pdfText(pdf);
    expect(text).toContain('Demo town');
    expect(text).toContain('Hydrants in view');
    expect(text).toContain(printed[0]?.value);
    expect(text).toContain('Network length by material (m)');
    // jsdom cannot draw the chart: its groups print as text instead of its picture.
    expect(text).toContain(printed[1]?.rows[0]?.label);
    expect(text).not.toContain('Valves by type');
    expect(text).not.toContain('Network length (m)');
  });
});
