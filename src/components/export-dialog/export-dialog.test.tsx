import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getShowMapMockHandler } from '@generated/api/maps/maps.msw';
import type { ExportFileResource } from '@generated/model';
import { townMapDetail } from '@mocks/features-town-map';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';

/** Records the body of every export request the dialog sends. */
function recordExportBodies() {
  const bodies: { path: string; body: unknown }[] = [];
  const onRequest = ({ request }: { request: Request }) => {
    if (/\/export-/.test(request.url)) {
      void request
        .clone()
        .json()
        .then((body: unknown) => bodies.push({ path: new URL(request.url).pathname, body }));
    }
  };
  server.events.on('request:start', onRequest);
  return bodies;
}

async function openPipesTable() {
  server.use(getShowMapMockHandler({ data: townMapDetail() }));
  const app = await renderApp('/maps/1/show/1/features', { as: 'admin' });
  const table = await screen.findByRole('table', { name: 'Features of Pipes' }, { timeout: 10_000 });
  await within(table).findByRole('cell', { name: 'Oak Street 1' });
  return { ...app, table };
}

// The first render loads the screen's lazy chunk; this machine's shared CPUs make that slow.
describe('export dialog', { timeout: 30_000 }, () => {
  it('exports the selected rows: format, email, a progress bar while the job runs, then the download link', async () => {
    const bodies = recordExportBodies();
    const { user, table } = await openPipesTable();
    await user.click(within(table).getByLabelText('Select feature 1'));
    await user.click(within(table).getByLabelText('Select feature 3'));
    await user.click(screen.getByRole('button', { name: 'Export the selection' }));

    const dialog = await screen.findByRole('dialog', { name: 'Export features' });
    expect(within(dialog).getByLabelText('Selected features (2)')).toBeChecked();
    await user.click(within(dialog).getByLabelText('CSV'));
    await user.type(within(dialog).getByLabelText(/email a download link/), 'ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Start export' }));

    // The mock job moves on with each poll: pending, running at 50 %, ready.
    const bar = await within(dialog).findByRole('progressbar');
    expect(bar).toBeInTheDocument();
    const link = await within(dialog).findByRole(
      'link',
      // Named as the server names it: the layer, then the day.
      { name: /^Download pipes-\d{4}-\d{2}-\d{2}\.csv$/ },
      { timeout: 5000 },
    );
    expect(link.getAttribute('href')).toMatch(/^\/api\/get-export\/[0-9a-f-]{36}$/);
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(bodies).toEqual([
      {
        path: '/api/maps/1/export-multi-selected-features',
        body: { format: 'csv', email_to_send: 'ada@example.com', layer_id: 1, feature_ids: [1, 3] },
      },
    ]);
  });

  it('shows the progress the server reports', async () => {
    server.use(
      http.post('*/api/maps/1/export-features', () =>
        HttpResponse.json<ExportFileResource>(
          {
            data: {
              id: '0b5e2c1e-8a3f-4c1d-9f2a-7c6d5e4b3a21',
              status: 'running',
              progress: 0.4,
              format: 'gpkg',
              file_name: 'pipes.gpkg',
              size: null,
              expires_at: '2026-11-03T10:00:00Z',
            },
          },
          { status: 201 },
        ),
      ),
      // Polls are answered "still at 40 %" for as long as the test looks.
      http.get('*/api/exports/:id', ({ params }) =>
        HttpResponse.json<ExportFileResource>({
          data: {
            id: String(params.id),
            status: 'running',
            progress: 0.4,
            format: 'gpkg',
            file_name: 'pipes.gpkg',
            size: null,
            expires_at: '2026-11-03T10:00:00Z',
          },
        }),
      ),
    );
    const { user } = await openPipesTable();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export features' });
    expect(within(dialog).getByText('What to export: Whole layer: Pipes')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('GeoPackage'));
    await user.click(within(dialog).getByRole('button', { name: 'Start export' }));
    const bar = await within(dialog).findByRole('progressbar');
    expect(bar).toHaveAttribute('value', '40');
    expect(within(dialog).getByText('Writing the file…')).toBeInTheDocument();
  });

  it('shows the server’s message under the email field and starts nothing', async () => {
    server.use(
      http.post('*/api/maps/1/export-features', () =>
        HttpResponse.json(
          {
            message: 'The email to send field must be a valid email address.',
            errors: { email_to_send: ['The email to send field must be a valid email address.'] },
          },
          { status: 422 },
        ),
      ),
    );
    const { user } = await openPipesTable();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export features' });
    await user.type(within(dialog).getByLabelText(/email a download link/), 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Start export' }));
    expect(
      await within(dialog).findByText('The email to send field must be a valid email address.'),
    ).toBeVisible();
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/email a download link/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('in the viewer, exports the applied filter or the visible layers within the current view', async () => {
    const bodies = recordExportBodies();
    server.use(getShowMapMockHandler({ data: townMapDetail() }));
    const { user } = await renderApp('/maps/1/show', { as: 'admin' });
    await screen.findByRole('heading', { name: 'Demo town', level: 1 }, { timeout: 10_000 });
    const { recordedMap } = await import('../../map/testing/recording-map-canvas');
    await screen.findByTestId('map-canvas');
    act(() =>
      recordedMap.props?.onViewChange?.(
        { center: [-9.14, 38.72], zoom: 15, rotation: 0 },
        [-9.15, 38.71, -9.13, 38.73],
      ),
    );

    const filters = screen.getByRole('region', { name: 'Filters' });
    await user.type(within(filters).getByLabelText('Material'), 'steel');
    await user.click(within(filters).getByRole('button', { name: 'Apply filters' }));
    await within(filters).findByRole('list', { name: 'Matching features' });

    await user.click(screen.getByRole('button', { name: 'Export' }));
    let dialog = await screen.findByRole('dialog', { name: 'Export features' });
    expect(within(dialog).getByLabelText('Features matching the applied filter')).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Start export' }));
    await within(dialog).findByRole('link', { name: /Download/ }, { timeout: 5000 });
    await user.click(within(dialog).getByRole('button', { name: 'Export again' }));
    dialog = screen.getByRole('dialog', { name: 'Export features' });
    await user.click(within(dialog).getByLabelText('Visible layers in the current view'));
    await user.click(within(dialog).getByLabelText('KML'));
    await user.click(within(dialog).getByRole('button', { name: 'Start export' }));
    await within(dialog).findByRole('progressbar');

    expect(bodies.map((entry) => entry.path)).toEqual([
      '/api/maps/1/export-filter-features',
      '/api/maps/1/export-filter-features',
    ]);
    expect(bodies[0]?.body).toEqual({
      format: 'geojson',
      layers_filter: [{ layer_id: 1, filters: [{ property: 'material', operator: 'eq', value: 'steel' }] }],
    });
    const inView = bodies[1]?.body as {
      format: string;
      layers_filter: { layer_id: number; bbox: number[] }[];
    };
    expect(inView.format).toBe('kml');
    expect(inView.layers_filter.map((entry) => entry.layer_id).sort()).toEqual([1, 2, 3, 4]);
    expect(inView.layers_filter.every((entry) => entry.bbox.join() === '-9.15,38.71,-9.13,38.73')).toBe(true);
  });
});
