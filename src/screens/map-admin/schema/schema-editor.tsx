import { useTranslation } from 'react-i18next';
import { LayerPropertyType } from '@generated/model';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { EnumSelect } from '@/components/ui/enum-select';
import { TextField } from '@/components/ui/text-field';
import { newSchemaRow, type SchemaRow } from './schema-rows';

/** The parts of an entry typed as free text. */
type TextPart = 'name' | 'label' | 'options' | 'min' | 'max' | 'pattern' | 'defaultValue';

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
  // A text field of an entry: its name as the server's messages give it, its value, its change.
  const textOf =
    (row: SchemaRow, index: number) =>
    (field: TextPart, serverName: string = field) => ({
      name: `properties.${index}.${serverName}`,
      value: row[field],
      onChange: (value: string) => update(row.key, { [field]: value }),
    });

  return (
    <fieldset className="fieldset">
      <legend>{t('map_admin.schema.legend')}</legend>
      {rows.length === 0 ? <p className="item-meta">{t('map_admin.schema.empty')}</p> : null}
      <ol className="item-list">
        {rows.map((row, index) => {
          const position = index + 1;
          const text = textOf(row, index);
          return (
            <li key={row.key}>
              <div className="fieldset" role="group" aria-label={t('map_admin.schema.entry', { position })}>
                <div className="field-row">
                  <TextField
                    label={t('map_admin.schema.name')}
                    description={
                      row.saved !== null && row.saved !== row.name
                        ? t('map_admin.schema.renamed_from', { name: row.saved })
                        : undefined
                    }
                    {...text('name')}
                  />
                  <TextField label={t('map_admin.schema.label')} {...text('label')} />
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
                    description={t('map_admin.schema.options_hint')}
                    {...text('options')}
                  />
                ) : null}
                <div className="field-row">
                  {row.type === 'number' || row.type === 'integer' ? (
                    <>
                      <TextField
                        label={t('map_admin.schema.guides.min')}
                        inputMode="decimal"
                        {...text('min')}
                      />
                      <TextField
                        label={t('map_admin.schema.guides.max')}
                        inputMode="decimal"
                        {...text('max')}
                      />
                    </>
                  ) : null}
                  {row.type === 'string' ? (
                    <TextField
                      label={t('map_admin.schema.guides.pattern')}
                      description={t('map_admin.schema.guides.pattern_hint')}
                      {...text('pattern')}
                    />
                  ) : null}
                  <TextField
                    label={t('map_admin.schema.guides.default')}
                    description={t('map_admin.schema.guides.default_hint')}
                    {...text('defaultValue', 'default')}
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
