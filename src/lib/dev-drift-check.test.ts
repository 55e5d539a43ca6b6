import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listMaps } from '../../generated/api/maps/maps';
import { applyScenario } from '../../mocks/scenarios';
import { checkResponse } from '../testing/response-check';
import { server } from '../testing/server';
import { installDriftCheck } from './dev-drift-check';
import { setResponseCheck } from './http-client';

afterEach(() => {
  // Back to the tests' own check (src/testing/setup.ts).
  setResponseCheck(checkResponse);
  vi.unstubAllGlobals();
});

describe('the drift check of development and mock mode', () => {
  it('says nothing while the answers match the document', async () => {
    const report = vi.fn();
    installDriftCheck(report);
    applyScenario('admin');
    await listMaps();
    expect(report).not.toHaveBeenCalled();
  });

  it('names the operation and the field of an answer that drifted, and the call still succeeds', async () => {
    const report = vi.fn();
    installDriftCheck(report);
    applyScenario('admin');
    server.use(
      http.get('*/api/maps', () =>
        HttpResponse.json({ data: [{ id: 'one' }], links: {}, meta: {} }, { status: 200 }),
      ),
    );
    await listMaps();
    expect(report).toHaveBeenCalledTimes(1);
    const message = String(report.mock.calls[0]?.[0]);
    expect(message).toContain('listMaps200Response');
    expect(message).toContain('data[0].id');
  });

  it('checks error answers too', async () => {
    vi.stubGlobal('location', { ...window.location, pathname: '/maps', assign: vi.fn() });
    const report = vi.fn();
    installDriftCheck(report);
    server.use(http.get('*/api/maps', () => HttpResponse.json({ error: 'down' }, { status: 503 })));
    await expect(listMaps()).rejects.toThrow();
    expect(String(report.mock.calls[0]?.[0])).toContain('listMaps503Response');
  });
});
