import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSplitFeature } from '@generated/api/features/features';
import type { Feature } from '@generated/model';
import { featureOf, useAppAbility } from '@/lib/ability';
import { fieldErrorsOf } from '@/lib/field-errors';
import { conflictVersionOf } from '@/lib/version-conflict';
import { useFeatureChange } from '@/lib/cache-changes';

type SplitLineActionProps = {
  mapId: number;
  layerId: number;
  featureId: number;
  /** The area a map click picked the line in: its centre is where the user clicked. */
  clickExtent: [number, number, number, number] | undefined;
  onSplit: (first: Feature) => void;
};

const EARTH_RADIUS_M = 6_371_008.8;
/**
 * A click's pick area beyond this is no place to cut at (zoomed far out, or a feature opened
 * from the table, whose "click area" is its whole extent): the action is not offered then.
 */
const MAX_TOLERANCE_M = 25;

/** Metres from the centre of a lon/lat box to its corner: how far the click may be from the line. */
function halfDiagonalM([west, south, east, north]: [number, number, number, number]): number {
  const rad = Math.PI / 180;
  const dLat = ((north - south) / 2) * rad;
  const dLon = ((east - west) / 2) * rad * Math.cos(((north + south) / 2) * rad);
  return EARTH_RADIUS_M * Math.hypot(dLat, dLon);
}

/**
 * "Split here": cuts the selected line where the map was clicked (splitFeature); the click's
 * pick area is the tolerance, so the point the server cuts at is the nearest on the line.
 */
export function SplitLineAction({ mapId, layerId, featureId, clickExtent, onSplit }: SplitLineActionProps) {
  const { t } = useTranslation();
  const ability = useAppAbility();
  const split = useSplitFeature();
  const featureChanged = useFeatureChange(mapId);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const offered =
    ability.can('update', featureOf(mapId, layerId)) &&
    clickExtent !== undefined &&
    halfDiagonalM(clickExtent) <= MAX_TOLERANCE_M;
  // After a split the panel shows the stored first piece, which no click picked: the outcome stays.
  if (!offered && !message) return null;

  const run = () => {
    if (!clickExtent) return;
    const [west, south, east, north] = clickExtent;
    setMessage(null);
    split.mutate(
      {
        id: mapId,
        featureId,
        data: {
          point: { type: 'Point', coordinates: [(west + east) / 2, (south + north) / 2] },
          tolerance_m: Math.max(0.5, halfDiagonalM(clickExtent)),
        },
      },
      {
        onSuccess: async ({ data: [first, rest] }) => {
          setMessage({
            text: t('versions.split.done', { id: featureId, other: rest?.id ?? 0 }),
            error: false,
          });
          await featureChanged({ layerId, featureId });
          if (first) onSplit(first);
        },
        onError: (error) => {
          const current = conflictVersionOf(error);
          setMessage({
            text:
              current === undefined
                ? fieldErrorsOf(error, t('versions.split.failed')).join(' ')
                : t('versions.conflict', { version: current }),
            error: true,
          });
        },
      },
    );
  };

  return (
    <div className="filters-actions split-line-action">
      {offered && (
        <button type="button" className="btn btn-secondary" onClick={run} disabled={split.isPending}>
          {t('versions.split.here')}
        </button>
      )}
      {message && (
        <p role={message.error ? 'alert' : 'status'} className={message.error ? 'form-errors' : 'status'}>
          {message.text}
        </p>
      )}
    </div>
  );
}
