import type { ExportScope } from '@/components/export-dialog';
import { featureOf, type AppAbility } from '@/lib/ability';

/** A network answer's lists export only when there is something to export and each layer of it may be exported. */
export function mayExportAll(ability: AppAbility, mapId: number, scopes: readonly ExportScope[]): boolean {
  return (
    scopes.length > 0 &&
    scopes.every(
      (scope) =>
        scope.target.kind !== 'selected' || ability.can('export', featureOf(mapId, scope.target.layerId)),
    )
  );
}
