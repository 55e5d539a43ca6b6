import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { IconLabel } from '@/components/ui/icon';
import type { MapViewModel } from '@/map';
import { TIME_PARAM, TIME_STEP_PARAM } from '../time/time-range';
import { viewToQuery } from './view-query';
import { useAsOf } from '@/lib/as-of';

type ViewSwitchButtonProps = {
  mapId: number;
  /** The engine to switch to. */
  to: '2d' | '3d';
  /** The view shown now; read on click, so moving the map re-renders nothing. */
  viewRef: RefObject<MapViewModel | null>;
};

/** Opens the same map in the other viewer, looking at the same place and the same dates. */
export function ViewSwitchButton({ mapId, to, viewRef }: ViewSwitchButtonProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The other viewer shows the same moment.
  const asOf = useAsOf();
  const current = new URLSearchParams(useLocation().search);
  const path = to === '3d' ? `/maps/${mapId}/show3d` : `/maps/${mapId}/show`;
  return (
    <button
      type="button"
      className="btn btn-secondary view-switch icon-button-labelled"
      onClick={() => {
        const view = viewRef.current;
        const query = new URLSearchParams(view ? viewToQuery(view) : '');
        if (asOf) query.set('as_of', asOf);
        // The time slider's range goes along: the other engine shows the same dates.
        for (const name of [TIME_PARAM, TIME_STEP_PARAM]) {
          const value = current.get(name);
          if (value) query.set(name, value);
        }
        const text = query.toString();
        void navigate(text ? `${path}?${text}` : path);
      }}
    >
      <IconLabel
        icon={to === '3d' ? 'globe' : 'map'}
        label={to === '3d' ? t('viewer3d.switch_to_3d') : t('viewer3d.switch_to_2d')}
      />
    </button>
  );
}
