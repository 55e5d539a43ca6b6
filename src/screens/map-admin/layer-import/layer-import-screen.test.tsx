import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { LayerImportJob, LayerImportResult } from '@generated/model';
import { fill } from '@/testing/fill';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const SLOW = { timeout: 5000 };

const imported: LayerImportResult = {
  data: {
    id: 40,
    map_id: 1,
    category_id: null,
    name: 'Meters',
    type: 'vector',
    geometry_type: 'Point',
    source: null,
    style: {
      stroke_color: '#e31a1c',
      stroke_width: 1,
      fill_color: '#e31a1c99',
      point_radius: 5,
      label_property: null,
    },
    visible: true,
    opacity: 1,
    min_zoom: null,
    max_zoom: null,
    order: 5,
    properties: [
      { name: 'serial', label: 'serial', type: 'string', required: false, options: null },
      { name: 'reading', label: 'reading', type: 'number', required: false, options: null },
    ],
    features_count: 2,
    extent: [-9.2, 38.7, -9.1, 38.8],
    created_at: '2026-11-01T09:30:00Z',
    updated_at: '2026-11-01T09:30:00Z',
  },
  meta: { features_imported: 2, features_skipped: 1, warnings: ['Row 3 has no coordinates.'] },
};

const csv = () =>
  new File(['serial,reading,x,y\nA1,3.5,-9.1,38.7\nA2,4,-9.2,38.8\nA3,1,,\n'], 'meters.csv', {
    type: 'text/csv',
  });

async function openImport() {
  const app = await renderApp('/dashboard/maps/1/layers/import', { as: 'admin' });
  const picker = await screen.findByLabelText('Data file', {}, SLOW);
  return { ...app, picker };
}

describe('layer import', { timeout: 60_000 }, () => {
  it('is reached from the layers screen', async () => {
    const { user, router } = await renderApp('/dashboard/maps/1/layers', { as: 'admin' });
    await user.click(await screen.findByRole('link', { name: 'Import from file' }, SLOW));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/maps/1/layers/import'));
    expect(await screen.findByLabelText('Data file', {}, SLOW)).toBeInTheDocument();
  });

  it('uploads a CSV with its columns, shows progress, then the result and the inferred schema', async () => {
    let sent: FormData | null = null;
    // The server answers only once the test has seen the progress bar.
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.post('*/api/maps/:id/layers/upload', async ({ request }) => {
        sent = await request.formData();
        await answered;
        return HttpResponse.json(imported, { status: 201 });
      }),
    );
    const { user, picker } = await openImport();
    await user.upload(picker, csv());
    // A CSV asks where its geometry is.
    await fill(user, screen.getByLabelText('Longitude column'), 'x');
    await fill(user, screen.getByLabelText('Latitude column'), 'y');
    await fill(user, screen.getByLabelText('Layer name'), 'Meters');
    await user.click(screen.getByRole('button', { name: 'Import' }));

    expect(await screen.findByRole('progressbar', {}, SLOW)).toBeInTheDocument();
    answer();
    const summary = await screen.findByRole('status', { name: 'Import result' }, SLOW);
    expect(summary).toHaveTextContent('Features imported: 2.');
    expect(summary).toHaveTextContent('Skipped without a usable geometry: 1.');
    expect(within(summary).getByRole('list', { name: 'Problems found' })).toHaveTextContent(
      'Row 3 has no coordinates.',
    );
    expect(within(summary).getByRole('link', { name: 'Show its features' })).toHaveAttribute(
      'href',
      '/dashboard/maps/1/layers/40/features',
    );
    // The inferred schema, editable in place.
    const names = screen.getAllByLabelText('Property name').map((input) => (input as HTMLInputElement).value);
    expect(names).toEqual(['serial', 'reading']);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    const body = sent as FormData | null;
    expect(body?.get('name')).toBe('Meters');
    expect(body?.get('lon_column')).toBe('x');
    expect(body?.get('lat_column')).toBe('y');
    expect(body?.get('wkt_column')).toBeNull();
    // jsdom's multipart round trip loses the file's name and bytes; the e2e test sends a real one.
    expect(body?.has('file')).toBe(true);
  });

  it('shows the server’s message for an unreadable file under the picker', async () => {
    server.use(
      http.post('*/api/maps/:id/layers/upload', () =>
        HttpResponse.json(
          {
            message: 'The given data was invalid.',
            errors: { file: ['The file could not be read as GeoPackage: not a database.'] },
          },
          { status: 422 },
        ),
      ),
    );
    const { user, picker } = await openImport();
    await user.upload(picker, new File(['nonsense'], 'broken.gpkg'));
    expect(screen.getByLabelText('Table or folder to read')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(
      await screen.findByText('The file could not be read as GeoPackage: not a database.', {}, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Data file')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('status', { name: 'Import result' })).not.toBeInTheDocument();
  });
});

describe('layer import as a job', { timeout: 60_000 }, () => {
  const bigCsv = () => {
    const file = new File(['serial,lon,lat\nA1,-9.1,38.7\n'], 'big.csv', { type: 'text/csv' });
    // Past the in-request limit (10 MB) without making the bytes in memory.
    Object.defineProperty(file, 'size', { value: 12 * 1024 * 1024 });
    return file;
  };
  const job = (patch: Partial<LayerImportJob>): { data: LayerImportJob } => ({
    data: {
      id: '5c0f7d2a-1b3e-4a6f-8c9d-0e1f2a3b4c5d',
      status: 'running',
      progress: 0.4,
      file_name: 'big.csv',
      layer_id: null,
      features_imported: null,
      features_skipped: null,
      warnings: [],
      error: null,
      created_at: '2026-11-01T09:30:00Z',
      ...patch,
    },
  });

  it('starts a job for a large file, shows its progress, then the new layer', async () => {
    const polls: LayerImportJob[] = [
      job({ status: 'running', progress: 0.4 }).data,
      job({ status: 'ready', progress: 1, layer_id: 3, features_imported: 5, features_skipped: 0 }).data,
    ];
    let advance: () => void = () => undefined;
    const seenProgress = new Promise<void>((resolve) => {
      advance = resolve;
    });
    server.use(
      http.post('*/api/maps/:id/layer-imports', () =>
        HttpResponse.json(job({ status: 'pending', progress: 0 }), { status: 202 }),
      ),
      http.get('*/api/imports/:id', async () => {
        const first = polls.length === 2;
        if (!first) await seenProgress;
        return HttpResponse.json({ data: first ? polls.shift() : polls[0] });
      }),
    );
    const { user, picker } = await openImport();
    await user.upload(picker, bigCsv());
    await user.click(screen.getByRole('button', { name: 'Import' }));

    const bar = await screen.findByRole('progressbar', { name: 'Importing features' }, SLOW);
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    advance();
    const summary = await screen.findByRole('status', { name: 'Import result' }, { timeout: 10_000 });
    expect(summary).toHaveTextContent('Features imported: 5.');
    // Layer 3 of the mock town: the layer the job made, with its schema.
    expect(summary).toHaveTextContent('Hydrants');
  });

  it('shows why a job failed under the file picker', async () => {
    server.use(
      http.post('*/api/maps/:id/layer-imports', () =>
        HttpResponse.json(job({ status: 'pending', progress: 0 }), { status: 202 }),
      ),
      http.get('*/api/imports/:id', () =>
        HttpResponse.json(job({ status: 'failed', error: 'Row 2: the latitude is not a number.' })),
      ),
    );
    const { user, picker } = await openImport();
    await user.upload(picker, bigCsv());
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(
      await screen.findByText('Row 2: the latitude is not a number.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Data file')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Import' })).toBeEnabled();
  });
});
