import { useTranslation } from 'react-i18next';
import { formatArea, formatLength } from '../tools/measure-format';
import type { MeasureKind, MeasureState } from './measure';
import { ToolIcon } from './tool-icons';

export function formatMeasure(kind: MeasureKind, value: number, locale: string): string {
  return kind === 'length' ? formatLength(value, locale) : formatArea(value, locale);
}

type MeasurePanelProps = {
  kind: MeasureKind;
  state: MeasureState;
  onFinish: () => void;
  onClose: () => void;
};

/** What the measure tool shows in the map: how to use it, then the running result. */
export function MeasurePanel({ kind, state, onFinish, onClose }: MeasurePanelProps) {
  const { t, i18n } = useTranslation();
  return (
    <div className="map-tool-popover map-measure-panel">
      {/* The live region stays mounted so each new result is announced. */}
      <p role="status" className="map-measure-result">
        {state
          ? t(kind === 'length' ? 'map_tools.measure_length_result' : 'map_tools.measure_area_result', {
              value: formatMeasure(kind, state.value, i18n.language),
            })
          : ''}
      </p>
      {!state && <p className="map-measure-hint">{t('map_tools.measure_hint')}</p>}
      <div className="map-measure-actions">
        {state && !state.done && (
          <button type="button" className="map-measure-action" onClick={onFinish}>
            <ToolIcon name="check" />
            {t('map_tools.measure_finish')}
          </button>
        )}
        <button type="button" className="map-measure-action" onClick={onClose}>
          <ToolIcon name="close" />
          {t('map_tools.measure_close')}
        </button>
      </div>
    </div>
  );
}
