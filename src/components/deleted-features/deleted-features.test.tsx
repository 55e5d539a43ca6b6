import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { DeletedFeature } from '@generated/model';
import { TOWN_LAYERS } from '@mocks/features-town-layers';
import { renderWithProviders } from '../../testing/render';
import { server } from '../../testing/server';
import { DeletedFeatures } from './deleted-features';

const pipes = TOWN_LAYERS[0];
if (!pipes) throw new Error('the mock town has no layers');

const deleted = (id: number, deletion: number): DeletedFeature => ({
  id,
  layer_id: pipes.id,
  version: 2,
  geometry: null,
  properties: { name: `Oak Street ${id}` },
  files_count: 1,
  deleted_at: '2026-11-03T08:00:00Z',
  deleted_by: { id: 1, name: 'Ada' },
  deletion_id: deletion,
});

const feature = (id: number) => ({
  type: 'Feature' as const,
  id,
  geometry: null,
  properties: {},
  layer_id: 1,
  created_by: 1,
  updated_by: 1,
  created_at: '2026-11-01T09:30:00Z',
  updated_at: '2026-11-03T08:00:00Z',
  files: [],
});

describe('the recently deleted features of a layer', () => {
  it('pages back through deletions and restores one after a confirmation', async () => {
    const pages: (string | null)[] = [];
    let restored: unknown;
    server.use(
      http.get(`*/api/maps/1/layers/${pipes.id}/deleted-features`, ({ request }) => {
        const before = new URL(request.url).searchParams.get('before');
        pages.push(before);
        return HttpResponse.json(
          before === null
            ? { data: [deleted(7, 50)], meta: { next_before: 50 } }
            : { data: [deleted(5, 40)], meta: { next_before: null } },
        );
      }),
      http.post('*/api/maps/1/features/5/restore', async ({ request }) => {
        restored = await request.json();
        return HttpResponse.json({ data: feature(5) });
      }),
    );
    const { user } = renderWithProviders(<DeletedFeatures mapId={1} layer={pipes} />);
    await screen.findByRole('cell', { name: '7' });
    await user.click(screen.getByRole('button', { name: 'Older deletions' }));
    const row = (await screen.findByRole('cell', { name: '5' })).closest('tr');
    if (!row) throw new Error('no row for feature 5');
    expect(pages).toEqual([null, '50']);
    await user.click(within(row).getByRole('button', { name: 'Restore' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Restore feature 5?' });
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Feature 5 restored.');
    expect(restored).toEqual({ version: 1, seen_version: 2 });
  });
});
