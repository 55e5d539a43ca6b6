import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateMultiSelectFeatures } from '@generated/api/features/features';
import type { Layer } from '@generated/model';
import { useFeatureChange } from '../../lib/cache-changes';
import type { FieldErrors } from '../../lib/use-form-submission';
import { attributeErrorsOf, useAttributeChecks } from '../attribute-fields/attribute-errors';
import { attributeFieldSpec, fromText } from '../attribute-fields/attribute-field-spec';
import { AttributeField } from '../attribute-fields/attribute-field';
import { Form } from '../ui/form';
import { Select } from '../ui/select';

type BulkEditFormProps = { mapId: number; layer: Layer; featureIds: readonly number[]; onDone: () => void };

/** Sets one property on every selected feature (updateMultiSelectFeatures), with the forms' own field. */
export function BulkEditForm({ mapId, layer, featureIds, onDone }: BulkEditFormProps) {
  const { t } = useTranslation();
  const featuresChanged = useFeatureChange(mapId);
  const specs = useMemo(() => layer.properties.map(attributeFieldSpec), [layer.properties]);
  const [name, setName] = useState(specs[0]?.name ?? '');
  const [value, setValue] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const check = useAttributeChecks();
  const mutation = useUpdateMultiSelectFeatures();
  const spec = specs.find((entry) => entry.name === name);

  const submit = () => {
    if (!spec || mutation.isPending || featureIds.length === 0) return;
    setMessage(null);
    setFailure(null);
    // The field is named apart from the property picker: `value`, as the errors name it here.
    const problems = check([spec], { [spec.name]: value }, () => 'bulk_value');
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    mutation.mutate(
      {
        id: mapId,
        data: {
          layer_id: layer.id,
          feature_ids: [...featureIds],
          properties: { [name]: fromText(spec, value) },
        },
      },
      {
        onSuccess: async (result) => {
          // As after a single edit: the rows, the drawing and each feature's history changed.
          await featuresChanged({ layerId: layer.id, featureIds });
          setMessage(t('feature_table.bulk.done', { count: result.data.updated_count }));
          onDone();
        },
        onError: (error) => {
          const answer = attributeErrorsOf(error);
          const messages = Object.values(answer.errors).flat();
          setErrors(messages.length > 0 ? { bulk_value: messages } : {});
          setFailure(answer.failed ? 'feature_table.bulk.failed' : null);
        },
      },
    );
  };

  return (
    <div className="bulk-edit">
      <Form label={t('feature_table.bulk.title')} errors={errors} failure={failure} onSubmit={submit}>
        <Select
          label={t('feature_table.bulk.property')}
          name="bulk_property"
          options={specs.map((entry) => ({ id: entry.name, label: entry.label }))}
          value={name}
          onChange={(next) => {
            if (next === null) return;
            setName(next);
            setValue('');
            setErrors({});
          }}
        />
        {spec && (
          <AttributeField key={spec.name} spec={spec} name="bulk_value" value={value} onChange={setValue} />
        )}
        <button
          type="submit"
          className="btn btn-primary"
          disabled={featureIds.length === 0 || mutation.isPending}
        >
          {t('feature_table.bulk.apply', { count: featureIds.length })}
        </button>
        {message && <p role="status">{message}</p>}
      </Form>
    </div>
  );
}
