import { useCallback, useMemo, useState } from 'react';
import type { Geometry, Layer } from '@generated/model';
import type { GeometryEdit } from '@/map';

export type GeometrySession =
  | { kind: 'modify'; layerId: number; featureId: number; edit: GeometryEdit }
  | { kind: 'draw'; layerId: number; edit: GeometryEdit };

/** Which geometry is being reshaped or drawn, and its latest shape from the map. */
export function useGeometryEditing() {
  const [session, setSession] = useState<GeometrySession | null>(null);
  const [pending, setPending] = useState<Geometry | null>(null);

  const startModify = useCallback((layerId: number, featureId: number, geometry: Geometry) => {
    setPending(null);
    setSession({ kind: 'modify', layerId, featureId, edit: { kind: 'modify', geometry } });
  }, []);
  const startDraw = useCallback((layer: Layer) => {
    if (!layer.geometry_type) return;
    setPending(null);
    setSession({
      kind: 'draw',
      layerId: layer.id,
      edit: { kind: 'draw', geometryType: layer.geometry_type },
    });
  }, []);
  const stop = useCallback(() => {
    setPending(null);
    setSession(null);
  }, []);

  return useMemo(
    () => ({ session, pending, setPending, startModify, startDraw, stop }),
    [session, pending, startModify, startDraw, stop],
  );
}

export type GeometryEditing = ReturnType<typeof useGeometryEditing>;
