import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getShowMapMockHandler } from '@generated/api/maps/maps.msw';
import type { Feature, FeatureFile } from '@generated/model';
import { findFeature, findFile } from '@mocks/features-store';
import { townMapDetail } from '@mocks/features-town-map';
import { recordedMap } from '@/map/testing/recording-map-canvas';
import { renderApp, type SignedInAs } from '@/testing/render';
import { server } from '@/testing/server';

async function openTown(as: SignedInAs = 'admin') {
  server.use(getShowMapMockHandler({ data: townMapDetail() }));
  const app = await renderApp('/maps/1/show', { as });
  await screen.findByRole('heading', { name: 'Demo town', level: 1 }, { timeout: 10_000 });
  await screen.findByTestId('map-canvas');
  return app;
}

function clickPipe3() {
  act(() =>
    recordedMap.props?.onFeatureClick?.({
      layerId: 1,
      featureId: 3,
      properties: { name: 'Oak Street 3', material: 'ductile_iron', diameter_mm: 150, status: 'in_service' },
    }),
  );
  return screen.findByRole('complementary', { name: 'Pipes #3' });
}

async function searchPipe3(user: Awaited<ReturnType<typeof openTown>>['user']) {
  await user.type(screen.getByLabelText('Search Pipes'), 'Oak Street 3');
  const results = await screen.findByRole('list', { name: 'Search results' }, { timeout: 5000 });
  await user.click(within(results).getByRole('button', { name: 'Oak Street 3' }));
  return screen.findByRole('complementary', { name: 'Pipes #3' });
}

const photo = () => new File(['jpeg bytes'], 'valve-photo.jpg', { type: 'image/jpeg' });

/**
 * The link of the one attachment listed, named as the server stored it. jsdom's XHR sends a
 * multipart file part without its file name (the mock then stores "blob"), so the name is
 * read back from the mock's store rather than written here.
 */
async function storedLink(files: HTMLElement) {
  const link = await within(files).findByRole('link');
  const id = Number(/\/api\/feature-layer\/files\/(\d+)$/.exec(link.getAttribute('href') ?? '')?.[1]);
  const stored = findFile(id);
  expect(stored?.file.feature_id).toBe(3);
  expect(link).toHaveTextContent(stored?.file.name ?? '');
  return { link, name: stored?.file.name ?? '' };
}

describe('attachments in the feature panel', { timeout: 30_000 }, () => {
  it('an editor attaches a file: it is listed with its download link and written to the history', async () => {
    const { user } = await openTown();
    const panel = await clickPipe3();
    const files = within(panel).getByRole('region', { name: 'Attachments' });
    expect(files).toHaveTextContent('No files attached here yet.');

    await user.upload(within(files).getByLabelText('Attach files'), photo());
    const { name } = await storedLink(files);
    expect(
      await within(panel).findByText('File attached by Ada Admin', { exact: false }),
    ).toBeInTheDocument();

    // Opened again from the search, the feature comes with its files.
    await user.click(within(panel).getByRole('button', { name: 'Close feature details' }));
    const again = await searchPipe3(user);
    expect(
      await within(within(again).getByRole('region', { name: 'Attachments' })).findByRole('link', {
        name,
      }),
    ).toBeInTheDocument();
  });

  it('an editor deletes a file: it leaves the list and the history says so', async () => {
    const { user } = await openTown();
    const panel = await clickPipe3();
    const files = within(panel).getByRole('region', { name: 'Attachments' });
    await user.upload(within(files).getByLabelText('Attach files'), photo());
    const { name } = await storedLink(files);

    await user.click(within(files).getByRole('button', { name: `Delete file ${name}` }));
    expect(
      await within(files).findByText('No files attached here yet.', { exact: false }),
    ).toBeInTheDocument();
    expect(within(files).queryByRole('link')).not.toBeInTheDocument();
    expect(await within(panel).findByText('File removed by Ada Admin', { exact: false })).toBeInTheDocument();
  });

  it('shows the per-file errors when an upload is refused, and lists nothing', async () => {
    const { user } = await openTown();
    server.use(
      http.post('*/api/feature-layer/files', () =>
        HttpResponse.json(
          {
            message: 'The file valve-photo.jpg is of a refused type.',
            errors: { 'files.0': ['The file valve-photo.jpg is of a refused type.'] },
          },
          { status: 422 },
        ),
      ),
    );
    const panel = await clickPipe3();
    const files = within(panel).getByRole('region', { name: 'Attachments' });
    await user.upload(within(files).getByLabelText('Attach files'), photo());
    expect(await within(files).findByRole('alert')).toHaveTextContent(
      'The file valve-photo.jpg is of a refused type.',
    );
    expect(within(files).queryByRole('link')).not.toBeInTheDocument();
  });

  it('a viewer who may not update features gets the download links only', async () => {
    const stored: FeatureFile = {
      id: 31,
      feature_id: 3,
      name: 'valve-photo.jpg',
      mime_type: 'image/jpeg',
      size: 48213,
      storage_type: 'local',
      url: '/api/feature-layer/files/31',
      created_at: '2026-11-02T08:00:00Z',
    };
    const pipe = findFeature(3);
    if (!pipe) throw new Error('the mock town has no pipe #3');
    const withFile: Feature = { ...pipe, files: [stored] };
    server.use(
      http.post('*/api/maps/:id/main-search/features', () => HttpResponse.json({ data: [withFile] })),
    );
    const { user } = await openTown('user');
    const panel = await searchPipe3(user);
    const files = within(panel).getByRole('region', { name: 'Attachments' });
    expect(within(files).getByRole('link', { name: 'valve-photo.jpg' })).toHaveAttribute(
      'href',
      '/api/feature-layer/files/31',
    );
    expect(within(files).queryByLabelText('Attach files')).not.toBeInTheDocument();
    expect(
      within(files).queryByRole('button', { name: 'Delete file valve-photo.jpg' }),
    ).not.toBeInTheDocument();
  });
});
