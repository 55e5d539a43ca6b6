import type OlMap from 'ol/Map';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FeatureCollection, Geometry } from '@generated/model';
import type { GeometryEdit, GeometryEditState } from '../map-canvas-types';
import { attachGeometryEditing, type GeometryEditController } from './geometry-editing';

const IDLE: GeometryEditState = { canUndo: false, canRedo: false, drawing: false };

/**
 * One geometry edit on the map while `edit` is set: its interactions, its undo steps and its
 * snap targets. A new `edit` starts over; none ends it (nothing was stored by the map).
 */
export function useGeometryEdit(
  map: OlMap | null,
  edit: GeometryEdit | null | undefined,
  snapFeatures: readonly FeatureCollection[] | undefined,
  onChange: (geometry: Geometry) => void,
) {
  const controller = useRef<GeometryEditController | null>(null);
  const [state, setState] = useState<GeometryEditState>(IDLE);
  const [vertexDelete, setVertexDelete] = useState(false);
  const onChangeRef = useRef(onChange);
  const snapRef = useRef(snapFeatures);
  useEffect(() => {
    onChangeRef.current = onChange;
    snapRef.current = snapFeatures;
  });

  useEffect(() => {
    if (!map || !edit) return;
    const attached = attachGeometryEditing(map, edit, (geometry) => onChangeRef.current(geometry), setState);
    attached.setSnapTargets(snapRef.current ?? []);
    controller.current = attached;
    return () => {
      attached.dispose();
      controller.current = null;
      setState(IDLE);
      setVertexDelete(false);
    };
  }, [map, edit]);

  useEffect(() => {
    controller.current?.setSnapTargets(snapFeatures ?? []);
  }, [snapFeatures]);

  return {
    active: Boolean(map && edit),
    state,
    vertexDelete,
    undo: useCallback(() => controller.current?.undo(), []),
    redo: useCallback(() => controller.current?.redo(), []),
    deleteVertexAtPointer: useCallback(() => controller.current?.deleteVertexAtPointer(), []),
    setVertexDelete: useCallback((on: boolean) => {
      controller.current?.setVertexDelete(on);
      setVertexDelete(on);
    }, []),
  };
}
