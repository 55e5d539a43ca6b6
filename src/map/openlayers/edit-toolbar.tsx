import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { GeometryEditState } from '../map-canvas-types';
import { ToolIcon, type ToolIconName } from './tool-icons';

type EditToolbarProps = {
  state: GeometryEditState;
  vertexDelete: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onVertexDelete: (on: boolean) => void;
  onDeleteVertexAtPointer: () => void;
};

/** Text fields keep their own undo: the map's keys act only when focus is elsewhere. */
function typingIn(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

function EditButton(props: {
  icon: ToolIconName;
  label: string;
  onPress: () => void;
  disabled?: boolean;
  pressed?: boolean;
}) {
  return (
    <button
      type="button"
      className="map-tool"
      aria-label={props.label}
      title={props.label}
      aria-pressed={props.pressed}
      disabled={props.disabled}
      onClick={props.onPress}
    >
      <ToolIcon name={props.icon} />
    </button>
  );
}

/**
 * Undo, redo and vertex deletion while a geometry is drawn or reshaped, as buttons and as the
 * keys desktop GIS use (Ctrl+Z, Ctrl+Shift+Z or Ctrl+Y, Delete on the vertex under the pointer).
 */
export function EditToolbar({
  state,
  vertexDelete,
  onUndo,
  onRedo,
  onVertexDelete,
  onDeleteVertexAtPointer,
}: EditToolbarProps) {
  const { t } = useTranslation();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (typingIn(event.target)) return;
      const key = event.key.toLowerCase();
      const command = event.ctrlKey || event.metaKey;
      if (command && key === 'z') {
        event.preventDefault();
        if (event.shiftKey) onRedo();
        else onUndo();
      } else if (command && key === 'y') {
        event.preventDefault();
        onRedo();
      } else if (key === 'delete' || key === 'backspace') {
        onDeleteVertexAtPointer();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onUndo, onRedo, onDeleteVertexAtPointer]);

  return (
    <div className="map-edit-toolbar" role="toolbar" aria-label={t('map_edit.toolbar')}>
      <div className="map-tool-group map-tool-row">
        <EditButton icon="undo" label={t('map_edit.undo')} onPress={onUndo} disabled={!state.canUndo} />
        <EditButton icon="redo" label={t('map_edit.redo')} onPress={onRedo} disabled={!state.canRedo} />
        {!state.drawing && (
          <EditButton
            icon="deleteVertex"
            label={t('map_edit.delete_vertex')}
            pressed={vertexDelete}
            onPress={() => onVertexDelete(!vertexDelete)}
          />
        )}
      </div>
      <p className="map-edit-hint">
        {t(
          vertexDelete
            ? 'map_edit.hint_deleting'
            : state.drawing
              ? 'map_edit.hint_drawing'
              : 'map_edit.hint_reshaping',
        )}
      </p>
    </div>
  );
}
