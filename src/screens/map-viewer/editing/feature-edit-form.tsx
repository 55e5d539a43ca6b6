import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateFeatures } from '../../../../generated/api/features/features';
import type { Feature, FeatureProperties, Layer } from '../../../../generated/model';
import { attributeErrorsOf, useAttributeChecks } from '../../../components/attribute-fields/attribute-errors';
import {
  attributeFieldSpec,
  fromText,
  toText,
} from '../../../components/attribute-fields/attribute-field-spec';
import { AttributeFields } from '../../../components/attribute-fields/attribute-fields';
import { Form } from '../../../components/ui/form';
import type { FieldErrors } from '../../../lib/use-form-submission';
import { useFeatureChange } from './use-feature-change';

type FeatureEditFormProps = {
  mapId: number;
  layer: Layer;
  featureId: number;
  properties: Record<string, unknown>;
  onSaved: (feature: Feature) => void;
  onCancel: () => void;
};

/** Edits a feature's properties by the layer schema and saves the changed ones with updateFeatures. */
export function FeatureEditForm({
  mapId,
  layer,
  featureId,
  properties,
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
  const check = useAttributeChecks();
  const save = useUpdateFeatures();

  const submit = () => {
    if (save.isPending) return;
    setFailure(null);
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
        data: { features: [{ type: 'Feature', id: featureId, layer_id: layer.id, properties: changed }] },
      },
      {
        onSuccess: async (result) => {
          await featureChanged({ layerId: layer.id, featureId });
          const saved = result.data.updated.find((feature) => feature.id === featureId);
          if (saved) onSaved(saved);
        },
        onError: (error) => {
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
        <AttributeFields
          specs={specs}
          texts={texts}
          onChange={(name, text) => setTexts((current) => ({ ...current, [name]: text }))}
        />
        <div className="filters-actions">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {t('viewer.edit.save')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            {t('viewer.edit.cancel')}
          </button>
        </div>
      </Form>
    </div>
  );
}
