import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ExportFile, ExportFileResource } from '@generated/model';
import { renderWithProviders } from '../../testing/render';
import { server } from '../../testing/server';
import { ExportProgress } from './export-progress';

const RUNNING: ExportFile = {
  id: '0b5e2c1e-8a3f-4c1d-9f2a-7c6d5e4b3a21',
  status: 'running',
  progress: 0.4,
  format: 'gpkg',
  file_name: 'pipes.gpkg',
  size: null,
  expires_at: '2026-11-03T10:00:00Z',
};

describe('export progress', () => {
  it('says the export failed, and what to do, once the server gives the job up', async () => {
    let polls = 0;
    server.use(
      // The job's last attempt died: the server answers it failed from then on.
      http.get('*/api/exports/:id', () => {
        polls += 1;
        return HttpResponse.json<ExportFileResource>({ data: { ...RUNNING, status: 'failed' } });
      }),
    );
    renderWithProviders(<ExportProgress started={RUNNING} />);
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The export failed.');
    expect(alert).toHaveTextContent('Start the export again; if it fails again, export fewer features.');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(polls).toBe(1);
  });
});
