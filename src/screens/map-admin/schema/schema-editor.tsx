import { useTranslation } from 'react-i18next';
import { LayerPropertyType } from '@generated/model';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { EnumSelect } from '@/components/ui/enum-select';
import { TextField } from '@/components/ui/text-field';
import { newSchemaRow, type SchemaRow } from './schema-rows';

type SchemaEditorProps = {
  rows: SchemaRow[];
  onChange: (rows: SchemaRow[]) => void;
  /** Removing a saved entry deletes it on the server (after a confirm); unsaved ones just go. */
  onRemoveSaved?: (row: SchemaRow) => void;
};

/**
 * The layer's attribute schema: add, rename, retype, required, enum options, remove.
 * Fields are named `properties.N.*` so the server's per-entry messages land under them.
 */
export function SchemaEditor({ rows, onChange, onRemoveSaved }: SchemaEditorProps) {
  const { t } = useTranslation();
  const update = (key: string, patch: Partial<SchemaRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  return (
    <fieldset className="fieldset">
      <legend>{t('map_admin.schema.legend')}</legend>
      {rows.length === 0 ? <p className="item-meta">{t('map_admin.schema.empty')}</p> : null}
      <ol className="item-list">
        {rows.map((row, index) => {
          const position = index + 1;
          return (
            <li key={row.key}>
              <div className="fieldset" role="group" aria-label={t('map_admin.schema.entry', { position })}>
                <div className="field-row">
                  <TextField
                    label={t('map_admin.schema.name')}
                    name={`properties.${index}.name`}
                    description={
                      row.saved !== null && row.saved !== row.name
                        ? t('map_admin.schema.renamed_from', { name: row.saved })
                        : undefined
                    }
                    value={row.name}
                    onChange={(name) => update(row.key, { name })}
                  />
                  <TextField
                    label={t('map_admin.schema.label')}
                    name={`properties.${index}.label`}
                    value={row.label}
                    onChange={(label) => update(row.key, { label })}
                  />
                  <EnumSelect
                    label={t('map_admin.schema.type')}
                    name={`properties.${index}.type`}
                    values={Object.values(LayerPropertyType)}
                    optionLabel={(type) => t(`map_admin.schema.types.${type}`)}
                    value={row.type}
                    onChange={(type) => update(row.key, { type })}
                  />
                </div>
                {row.type === 'enum' ? (
                  <TextField
                    label={t('map_admin.schema.options')}
                    name={`properties.${index}.options`}
                    description={t('map_admin.schema.options_hint')}
                    value={row.options}
                    onChange={(options) => update(row.key, { options })}
                  />
                ) : null}
                <div className="field-row">
                  {row.type === 'number' || row.type === 'integer' ? (
                    <>
                      <TextField
                        label={t('map_admin.schema.guides.min')}
                        name={`properties.${index}.min`}
                        inputMode="decimal"
                        value={row.min}
                        onChange={(min) => update(row.key, { min })}
                      />
                      <TextField
                        label={t('map_admin.schema.guides.max')}
                        name={`properties.${index}.max`}
                        inputMode="decimal"
                        value={row.max}
                        onChange={(max) => update(row.key, { max })}
                      />
                    </>
                  ) : null}
                  {row.type === 'string' ? (
                    <TextField
                      label={t('map_admin.schema.guides.pattern')}
                      name={`properties.${index}.pattern`}
                      description={t('map_admin.schema.guides.pattern_hint')}
                      value={row.pattern}
                      onChange={(pattern) => update(row.key, { pattern })}
                    />
                  ) : null}
                  <TextField
                    label={t('map_admin.schema.guides.default')}
                    name={`properties.${index}.default`}
                    description={t('map_admin.schema.guides.default_hint')}
                    value={row.defaultValue}
                    onChange={(defaultValue) => update(row.key, { defaultValue })}
                  />
                </div>
                <div className="item-row">
                  <Checkbox
                    label={t('map_admin.schema.required')}
                    isSelected={row.required}
                    onChange={(required) => update(row.key, { required })}
                  />
                  <Button
                    variant="secondary"
                    onPress={() =>
                      row.saved !== null && onRemoveSaved
                        ? onRemoveSaved(row)
                        : onChange(rows.filter((other) => other.key !== row.key))
                    }
                  >
                    {t('map_admin.schema.remove')}
                  </Button>
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      <div>
        <Button variant="secondary" onPress={() => onChange([...rows, newSchemaRow()])}>
          {t('map_admin.schema.add')}
        </Button>
      </div>
    </fieldset>
  );
}
