import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getShowMapMockHandler } from '@generated/api/maps/maps.msw';
import { townMapDetail } from '@mocks/features-town-map';
import { recordedMap } from '@/map/testing/recording-map-canvas';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

/** Opens the town and clicks Oak Street 3, the pipe between the valves #147 and #148. */
async function openPipe() {
  server.use(getShowMapMockHandler({ data: townMapDetail() }));
  const app = await renderApp('/maps/1/show', { as: 'admin' });
  await screen.findByRole('heading', { name: 'Demo town', level: 1 }, { timeout: 10_000 });
  await screen.findByTestId('map-canvas');
  act(() =>
    recordedMap.props?.onFeatureClick?.({
      layerId: 1,
      featureId: 3,
      properties: { name: 'Oak Street 3', material: 'ductile_iron', diameter_mm: 150, status: 'in_service' },
    }),
  );
  return { ...app, panel: await screen.findByRole('complementary', { name: 'Pipes #3' }) };
}

describe('parents and children in the feature panel', () => {
  it("lists a pipe's child valves, and a picked one opens with the pipe among its parents", async () => {
    const { user, panel } = await openPipe();
    const children = within(panel).getByRole('region', { name: 'Children' });
    const valve = await within(children).findByRole('button', { name: 'Valves #147' });
    expect(
      within(children)
        .getAllByRole('button')
        .map((item) => item.textContent),
    ).toEqual(['Valves #147', 'Valves #148']);
    expect(within(panel).getByRole('region', { name: 'Parents' })).toHaveTextContent('No parent features.');

    await user.click(valve);
    const valvePanel = await screen.findByRole('complementary', { name: 'Valves #147' });
    const parents = within(valvePanel).getByRole('region', { name: 'Parents' });
    expect(await within(parents).findByRole('button', { name: 'Pipes #3' })).toBeInTheDocument();
    expect(within(valvePanel).getByRole('region', { name: 'Children' })).toHaveTextContent(
      'No child features.',
    );
    // Opening a relative also moves the map to it.
    const request = recordedMap.props?.viewRequest;
    expect(request && 'extent' in request).toBe(true);
  });

  it('shows loading, then says so when the related features cannot be loaded', async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('*/api/maps/:id/features/:feature_id/parents', async () => {
        await answered;
        return HttpResponse.json({ message: 'Not found.' }, { status: 404 });
      }),
    );
    const { panel } = await openPipe();
    const parents = within(panel).getByRole('region', { name: 'Parents' });
    expect(within(parents).getByRole('status')).toBeInTheDocument();
    release();
    expect(await within(parents).findByRole('alert')).toHaveTextContent(
      'The related features could not be loaded.',
    );
    // The children still come: one failing list does not hide the other.
    expect(
      await within(within(panel).getByRole('region', { name: 'Children' })).findByRole('button', {
        name: 'Valves #148',
      }),
    ).toBeInTheDocument();
  });
});
