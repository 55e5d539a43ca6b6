import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  getGetLayerRelationsQueryKey,
  useGetLayerRelations,
  useUpdateLayerRelations,
} from '@generated/api/layers/layers';
import { RelationRule, type Layer, type LayerRelation } from '@generated/model';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { EnumSelect } from '@/components/ui/enum-select';
import { Select } from '@/components/ui/select';
import { LoadError, Loading } from '@/components/ui/status';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast';
import { useForm } from '@/lib/use-form';
import { mapCall } from '../shell/map-call';
import { toNumber } from '../shell/numbers';

type ChildDraft = { key: number; child: string | null; rule: RelationRule; tolerance: string; links: number };

function drafts(relations: readonly LayerRelation[], parentId: number): ChildDraft[] {
  return relations
    .filter((relation) => relation.parent_layer_id === parentId)
    .map((relation) => ({
      key: relation.id,
      child: String(relation.child_layer_id),
      rule: relation.rule,
      tolerance: relation.tolerance_m === null ? '' : String(relation.tolerance_m),
      links: relation.links_count,
    }));
}

/**
 * The layer's child layers: `spatial` (children within a tolerance of the parent's
 * geometry) or `manual` (links kept from before; new manual links are made on features).
 */
export function LayerRelationsPanel({
  mapId,
  layer,
  siblings,
}: {
  mapId: number;
  layer: Layer;
  siblings: readonly Layer[];
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const relations = useGetLayerRelations(mapId, layer.id);
  const update = useUpdateLayerRelations();
  // No rows of its own until the user edits one: until then the form shows the server's list.
  const form = useForm<{ rows: ChildDraft[] | null }>({ rows: null });
  const shown = form.values.rows ?? drafts(relations.data?.data ?? [], layer.id);
  const setRows = form.setter('rows');
  const childOptions = siblings
    .filter((other) => other.id !== layer.id)
    .map((other) => ({ id: String(other.id), label: other.name }));
  const set = (key: number, patch: Partial<ChildDraft>) =>
    setRows(shown.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const save = form.onSubmit(async () => {
    const children = shown.map((row) => ({
      child_layer_id: Number(row.child),
      rule: row.rule,
      ...(row.rule === 'spatial' ? { tolerance_m: toNumber(row.tolerance) ?? 0 } : {}),
    }));
    const answer = await mapCall(() =>
      update.mutateAsync({ id: mapId, layerId: layer.id, data: { children } }),
    );
    queryClient.setQueryData(getGetLayerRelationsQueryKey(mapId, layer.id), answer);
    form.reset();
    showToast(t('map_admin.relations.saved'));
  });

  if (relations.isPending) return <Loading />;
  if (relations.isError) return <LoadError />;
  return (
    <section className="panel" aria-labelledby="layer-relations-title">
      <h3 id="layer-relations-title">{t('map_admin.relations.title')}</h3>
      <Form label={t('map_admin.relations.title')} form={form} onSubmit={save}>
        {shown.length === 0 ? <p className="item-meta">{t('map_admin.relations.empty')}</p> : null}
        {shown.map((row, index) => (
          <div
            key={row.key}
            className="field-row"
            role="group"
            aria-label={t('map_admin.relations.child', { position: index + 1 })}
          >
            <Select
              label={t('map_admin.relations.child_layer')}
              name={`children.${index}.child_layer_id`}
              options={childOptions}
              value={row.child}
              onChange={(child) => set(row.key, { child })}
            />
            <EnumSelect
              label={t('map_admin.relations.rule')}
              name={`children.${index}.rule`}
              values={Object.values(RelationRule)}
              optionLabel={(id) => t(`map_admin.relations.rules.${id}`)}
              value={row.rule}
              onChange={(rule) => set(row.key, { rule })}
            />
            {row.rule === 'spatial' ? (
              <TextField
                label={t('map_admin.relations.tolerance')}
                name={`children.${index}.tolerance_m`}
                inputMode="decimal"
                value={row.tolerance}
                onChange={(tolerance) => set(row.key, { tolerance })}
              />
            ) : (
              <p className="item-meta">{t('map_admin.relations.links', { count: row.links })}</p>
            )}
            <Button
              variant="secondary"
              onPress={() => setRows(shown.filter((other) => other.key !== row.key))}
            >
              {t('map_admin.relations.remove')}
            </Button>
          </div>
        ))}
        <div className="item-actions">
          <Button
            variant="secondary"
            onPress={() =>
              setRows([
                ...shown,
                { key: -Date.now(), child: null, rule: 'spatial', tolerance: '1', links: 0 },
              ])
            }
          >
            {t('map_admin.relations.add')}
          </Button>
          <Button type="submit" isPending={form.isSubmitting}>
            {t('map_admin.relations.save')}
          </Button>
        </div>
      </Form>
    </section>
  );
}
