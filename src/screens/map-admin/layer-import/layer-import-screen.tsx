import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListCategories } from '@generated/api/categories/categories';
import type { LayerImportResult } from '@generated/model';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { LoadError, Loading } from '@/components/ui/status';
import { showToast } from '@/components/ui/toast';
import { LayerImportForm } from './layer-import-form';
import { LayerSchemaPanel } from '../schema/layer-schema-panel';
import { useMapId } from '../shell/map-cache';
import { mapPaths } from '../shell/map-paths';
import { mapChanged } from '@/lib/cache-changes';

/**
 * layers/import: a data file becomes a vector layer. After the import the inferred schema
 * stays on screen, editable (renames and labels go through the layer properties operation).
 */
export function LayerImportScreen() {
  const { t } = useTranslation();
  const mapId = useMapId();
  const queryClient = useQueryClient();
  const categories = useListCategories({ map_id: mapId });
  const [result, setResult] = useState<LayerImportResult | null>(null);

  const imported = async (answer: LayerImportResult) => {
    setResult(answer);
    await mapChanged(queryClient, mapId);
    showToast(t('layer_import.done', { name: answer.data.name }));
  };

  return (
    <section aria-labelledby="layer-import-title" className="stack">
      <header className="section-header">
        <h2 id="layer-import-title">{t('layer_import.title')}</h2>
        <LinkButton variant="secondary" to={mapPaths.section(mapId, 'layers')}>
          {t('layer_import.back')}
        </LinkButton>
      </header>
      {categories.isPending ? (
        <Loading />
      ) : categories.isError ? (
        <LoadError />
      ) : result === null ? (
        <LayerImportForm mapId={mapId} categories={categories.data.data} onImported={imported} />
      ) : (
        <ImportSummary mapId={mapId} result={result} onAnother={() => setResult(null)} />
      )}
    </section>
  );
}

function ImportSummary({
  mapId,
  result,
  onAnother,
}: {
  mapId: number;
  result: LayerImportResult;
  onAnother: () => void;
}) {
  const { t } = useTranslation();
  const layer = result.data;
  return (
    <>
      <div className="panel" role="status" aria-label={t('layer_import.summary')}>
        <p>
          <strong>{layer.name}</strong>
          {layer.geometry_type ? ` · ${t(`map_admin.geometry_types.${layer.geometry_type}`)}` : ''}
        </p>
        <p>
          {t('layer_import.imported', { count: result.meta.features_imported })}
          {result.meta.features_skipped > 0
            ? ` ${t('layer_import.skipped', { count: result.meta.features_skipped })}`
            : ''}
        </p>
        {result.meta.warnings.length > 0 ? (
          <ul aria-label={t('layer_import.warnings')} className="import-warnings">
            {result.meta.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        ) : null}
        <div className="item-actions">
          <LinkButton to={mapPaths.section(mapId, `layers/${layer.id}/features`)}>
            {t('layer_import.show_features')}
          </LinkButton>
          <LinkButton variant="secondary" to={mapPaths.section(mapId, `layers/${layer.id}/edit`)}>
            {t('layer_import.edit_layer')}
          </LinkButton>
          <Button variant="secondary" onPress={onAnother}>
            {t('layer_import.another')}
          </Button>
        </div>
      </div>
      <p className="field-description">{t('layer_import.schema_hint')}</p>
      <LayerSchemaPanel mapId={mapId} layer={layer} />
    </>
  );
}
