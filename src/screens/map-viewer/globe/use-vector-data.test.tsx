import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { townMapDetail } from '@mocks/features-town-map';
import { createTestQueryClient } from '@/testing/render';
import { server } from '@/testing/server';
import { useVectorData } from './use-vector-data';

/** The `as_of` of each layer the globe asks for with its data ('now' when none). */
function recordLayerReads() {
  const moments: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (/\/api\/maps\/\d+\/layers\/\d+$/.test(url.pathname) && url.searchParams.has('include_data'))
      moments.push(url.searchParams.get('as_of') ?? 'now');
  });
  return moments;
}

function withAddress(path: string) {
  const client = createTestQueryClient();
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

describe('the globe as it was', () => {
  const layers = (townMapDetail().layers ?? []).filter((layer) => layer.type === 'vector');

  it('asks each shown layer with its features of the moment in the address', async () => {
    const moments = recordLayerReads();
    renderHook(() => useVectorData(1, layers, () => true), {
      wrapper: withAddress('/maps/1/show3d?as_of=2026-03-01T12:00:00.000Z'),
    });
    await waitFor(() => expect(moments).toHaveLength(layers.length));
    expect(new Set(moments)).toEqual(new Set(['2026-03-01T12:00:00.000Z']));
  });

  it('asks for now without a moment', async () => {
    const moments = recordLayerReads();
    renderHook(() => useVectorData(1, layers, () => true), { wrapper: withAddress('/maps/1/show3d') });
    await waitFor(() => expect(moments).toHaveLength(layers.length));
    expect(new Set(moments)).toEqual(new Set(['now']));
  });
});
