import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { getGetFeatureHistoryMockHandler } from '@generated/api/features/features.msw';
import type { AuditEntry } from '@generated/model';
import { replaceAbilityRules } from '@/lib/ability';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { FeatureHistory } from './feature-history';

// A demo pipe edited once: its history starts at version 2, version 1 being the pipe as loaded.
const edited: AuditEntry = {
  id: 7,
  auditable_id: 3,
  event: 'updated',
  old_values: { diameter_mm: 150 },
  new_values: { diameter_mm: 777 },
  user: { id: 1, name: 'Ada' },
  created_at: '2026-11-02T10:00:00Z',
  version: 2,
  restored_version: null,
  split_from: null,
};

function history(entries: AuditEntry[]) {
  server.use(getGetFeatureHistoryMockHandler({ data: entries, meta: { next_before: null } }));
}

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

describe('restoring a version from the feature history', () => {
  beforeEach(() => replaceAbilityRules([{ action: 'update', subject: 'Feature' }]));

  it('sends the chosen version and the newest one shown, after a confirmation', async () => {
    history([edited]);
    let sent: unknown;
    server.use(
      http.post('*/api/maps/1/features/3/restore', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ data: feature(3) });
      }),
    );
    const { user } = renderWithProviders(<FeatureHistory mapId={1} featureId={3} layerId={1} />);
    await screen.findByText('Version 2');
    // Only the earlier version can be restored.
    const buttons = screen.getAllByRole('button', { name: 'Restore this version' });
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0] as HTMLElement);
    const dialog = await screen.findByRole('alertdialog', { name: 'Restore version 1 of feature 3?' });
    await user.click(within(dialog).getByRole('button', { name: 'Restore this version' }));
    await expect.poll(() => sent).toEqual({ version: 1, seen_version: 2 });
    await expect.poll(() => screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('explains a 409: someone changed the feature since, nothing was restored', async () => {
    history([edited]);
    server.use(
      http.post('*/api/maps/1/features/3/restore', () =>
        HttpResponse.json({ message: 'changed', current_version: 3 }, { status: 409 }),
      ),
    );
    const { user } = renderWithProviders(<FeatureHistory mapId={1} featureId={3} layerId={1} />);
    await user.click(await screen.findByRole('button', { name: 'Restore this version' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Restore this version' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /Someone changed this feature after you opened its history \(it is now at version 3\), so nothing was restored/,
    );
  });

  it('says which version a row restored, and offers no restore to those who may not edit', async () => {
    replaceAbilityRules([{ action: 'read', subject: 'Feature' }]);
    history([{ ...edited, id: 8, version: 3, restored_version: 1 }, edited]);
    renderWithProviders(<FeatureHistory mapId={1} featureId={3} layerId={1} />);
    await screen.findByText(/restore of version 1/);
    expect(screen.queryByRole('button', { name: 'Restore this version' })).toBeNull();
  });

  it("names a changed property by the layer's label, and one without a label as stored", async () => {
    history([
      {
        ...edited,
        old_values: { diameter_mm: 150, note: null },
        new_values: { diameter_mm: 777, note: 'x' },
      },
    ]);
    renderWithProviders(
      <FeatureHistory mapId={1} featureId={3} layerId={1} labels={{ diameter_mm: 'Diameter (mm)' }} />,
    );
    const changes = await screen.findAllByRole('listitem');
    const texts = changes.map((item) => item.textContent);
    expect(texts).toContain('Diameter (mm): 150 → 777');
    expect(texts).toContain('note: — → x');
  });

  it('loads older versions below the newer ones, each restorable with the newest version as seen', async () => {
    const asked: (string | null)[] = [];
    const moved = {
      ...edited,
      id: 9,
      version: 3,
      old_values: { diameter_mm: 777 },
      new_values: { diameter_mm: 200 },
    };
    server.use(
      http.get('*/api/maps/1/features/3/history', ({ request }) => {
        const before = new URL(request.url).searchParams.get('before');
        asked.push(before);
        return HttpResponse.json(
          before === null
            ? { data: [moved], meta: { next_before: 9 } }
            : { data: [edited], meta: { next_before: null } },
        );
      }),
    );
    let sent: unknown;
    server.use(
      http.post('*/api/maps/1/features/3/restore', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ data: feature(3) });
      }),
    );
    const { user } = renderWithProviders(<FeatureHistory mapId={1} featureId={3} layerId={1} />);
    await screen.findByText('Version 3');
    // The original version comes with the last page only.
    expect(screen.queryByText('Version 1')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show older versions' }));
    await screen.findByText('Version 2');
    // The newer versions stay, the older ones come below them, each with what it changed.
    const versions = screen.getAllByText(/^Version \d$/).map((element) => element.textContent);
    expect(versions).toEqual(['Version 3', 'Version 2', 'Version 1']);
    const changes = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(changes).toContain('diameter_mm: 777 → 200');
    expect(changes).toContain('diameter_mm: 150 → 777');
    expect(screen.queryByRole('button', { name: 'Show older versions' })).toBeNull();
    expect(asked).toEqual([null, '9']);

    // Version 2 (loaded with the older page) is restored over version 3, the newest seen.
    const buttons = screen.getAllByRole('button', { name: 'Restore this version' });
    expect(buttons).toHaveLength(2);
    await user.click(buttons[0] as HTMLElement);
    const dialog = await screen.findByRole('alertdialog', { name: 'Restore version 2 of feature 3?' });
    await user.click(within(dialog).getByRole('button', { name: 'Restore this version' }));
    await expect.poll(() => sent).toEqual({ version: 2, seen_version: 3 });
  });
});
