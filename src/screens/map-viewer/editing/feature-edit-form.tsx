import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateFeatures } from '@generated/api/features/features';
import type { Feature, FeatureProperties, Layer } from '@generated/model';
import { attributeErrorsOf, useAttributeChecks } from '@/components/attribute-fields/attribute-errors';
import { attributeFieldSpec, fromText, toText } from '@/components/attribute-fields/attribute-field-spec';
import { Form } from '@/components/ui/form';
import type { FieldErrors } from '@/lib/use-form-submission';
import { editConflictOf, type EditConflict } from '@/lib/version-conflict';
import { useFeatureChange } from '@/lib/cache-changes';
import { FeatureFormFields } from './feature-form-fields';

type FeatureEditFormProps = {
  mapId: number;
  layer: Layer;
  featureId: number;
  properties: Record<string, unknown>;
  /** The feature's version when editing began; a save after someone else's change is then a 409. */
  seenVersion?: number | undefined;
  onSaved: (feature: Feature) => void;
  onCancel: () => void;
};

/** Edits a feature's properties by the layer schema and saves the changed ones with updateFeatures. */
export function FeatureEditForm({
  mapId,
  layer,
  featureId,
  properties,
  seenVersion,
  onSaved,
  onCancel,
}: FeatureEditFormProps) {
  const { t } = useTranslation();
  const featureChanged = useFeatureChange(mapId);
  const specs = useMemo(() => layer.properties.map(attributeFieldSpec), [layer.properties]);
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(specs.map((spec) => [spec.name, toText(properties[spec.name])])),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [seen, setSeen] = useState(seenVersion);
  const [conflict, setConflict] = useState<EditConflict | null>(null);
  const check = useAttributeChecks();
  const save = useUpdateFeatures();

  const submit = () => {
    if (save.isPending) return;
    setFailure(null);
    setConflict(null);
    const changedSpecs = specs.filter((spec) => (texts[spec.name] ?? '') !== toText(properties[spec.name]));
    // Only what changed is checked: a value stored before a rule was added is left alone.
    const problems = check(changedSpecs, texts);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    if (changedSpecs.length === 0) return onCancel();
    const changed: FeatureProperties = {};
    for (const spec of changedSpecs) changed[spec.name] = fromText(spec, texts[spec.name] ?? '');
    save.mutate(
      {
        id: mapId,
        data: {
          features: [
            {
              type: 'Feature',
              id: featureId,
              layer_id: layer.id,
              properties: changed,
              ...(seen === undefined ? {} : { seen_version: seen }),
            },
          ],
        },
      },
      {
        onSuccess: async (result) => {
          await featureChanged({ layerId: layer.id, featureId });
          const saved = result.data.updated.find((feature) => feature.id === featureId);
          if (saved) onSaved(saved);
        },
        onError: async (error) => {
          const found = editConflictOf(error);
          if (found) {
            // Shown instead of overwriting; saving again keeps the user's values knowingly.
            setConflict(found);
            setSeen(found.current_version);
            await featureChanged({ featureId });
            return;
          }
          const answer = attributeErrorsOf(error);
          setErrors(answer.errors);
          setFailure(answer.failed ? 'viewer.edit.failed' : null);
        },
      },
    );
  };

  return (
    <div className="feature-edit">
      <Form label={t('viewer.edit.title')} errors={errors} failure={failure} onSubmit={submit}>
        {conflict && (
          <div role="alert" className="form-errors">
            <p>{t('viewer.edit.conflict_title', { version: conflict.current_version })}</p>
            <p>
              {t('viewer.edit.conflict_changed', {
                names: conflict.changed
                  .map((name) =>
                    name === 'geometry'
                      ? t('viewer.edit.geometry')
                      : (layer.properties.find((property) => property.name === name)?.label ?? name),
                  )
                  .join(', '),
              })}
            </p>
          </div>
        )}
        <FeatureFormFields
          specs={specs}
          texts={texts}
          onTexts={setTexts}
          saveLabel={t('viewer.edit.save')}
          cancelLabel={t('viewer.edit.cancel')}
          saving={save.isPending}
          onCancel={onCancel}
        />
      </Form>
    </div>
  );
}
