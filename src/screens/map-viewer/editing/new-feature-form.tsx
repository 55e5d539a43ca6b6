import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateLayerFeature } from '@generated/api/features/features';
import type { Feature, FeatureProperties, Geometry, Layer } from '@generated/model';
import { attributeErrorsOf, useAttributeChecks } from '@/components/attribute-fields/attribute-errors';
import { attributeFieldSpec, fromText } from '@/components/attribute-fields/attribute-field-spec';
import { Form } from '@/components/ui/form';
import type { FieldErrors } from '@/lib/use-form-submission';
import { useFeatureChange } from '@/lib/cache-changes';
import { FeatureFormFields } from './feature-form-fields';

type NewFeatureFormProps = {
  mapId: number;
  layer: Layer;
  geometry: Geometry;
  onCreated: (feature: Feature) => void;
  onCancel: () => void;
};

/**
 * The properties of a feature just drawn, by the layer schema and starting from its defaults;
 * checked here first, then saved with createLayerFeature (whose 422 shows beside each field).
 */
export function NewFeatureForm({ mapId, layer, geometry, onCreated, onCancel }: NewFeatureFormProps) {
  const { t } = useTranslation();
  const featureChanged = useFeatureChange(mapId);
  const specs = useMemo(() => layer.properties.map(attributeFieldSpec), [layer.properties]);
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(specs.map((spec) => [spec.name, spec.initial])),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const check = useAttributeChecks();
  const create = useCreateLayerFeature();

  const submit = () => {
    if (create.isPending) return;
    setFailure(null);
    const problems = check(specs, texts);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const properties: FeatureProperties = {};
    for (const spec of specs) {
      const text = texts[spec.name] ?? '';
      if (text !== '') properties[spec.name] = fromText(spec, text);
    }
    create.mutate(
      { id: mapId, layerId: layer.id, data: { type: 'Feature', geometry, properties } },
      {
        onSuccess: async (result) => {
          await featureChanged({ layerId: layer.id });
          onCreated(result.data);
        },
        onError: (error) => {
          const answer = attributeErrorsOf(error);
          setErrors(answer.errors);
          setFailure(answer.failed ? 'viewer.geometry.save_failed' : null);
        },
      },
    );
  };

  return (
    <div className="feature-edit">
      <Form
        label={t('viewer.geometry.new_title', { layer: layer.name })}
        errors={errors}
        failure={failure}
        onSubmit={submit}
      >
        <FeatureFormFields
          specs={specs}
          texts={texts}
          onTexts={setTexts}
          saveLabel={t('viewer.geometry.create')}
          cancelLabel={t('viewer.geometry.cancel')}
          saving={create.isPending}
          onCancel={onCancel}
        />
      </Form>
    </div>
  );
}
