import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PropertyValues } from '@generated/model';
import { Button } from '@/components/ui/button';
import { usePropertyValues, type StyleSource } from './use-property-values';

type ClassifyButtonProps = {
  source: StyleSource | undefined;
  property: string | null;
  label: string;
  /** What to do with the answer (fill categories, split a range); returns false when it had nothing to use. */
  onValues: (values: PropertyValues) => boolean;
};

/** A button that fills classes from what the layer's features hold; hidden with nothing to ask. */
export function ClassifyButton({ source, property, label, onValues }: ClassifyButtonProps) {
  const { t } = useTranslation();
  const values = usePropertyValues(source, property);
  const { read } = values;
  const [empty, setEmpty] = useState(false);
  if (!read) return null;
  return (
    <>
      <Button
        variant="secondary"
        isDisabled={values.isFetching}
        onPress={async () => {
          const answer = await read();
          setEmpty(answer !== null && !onValues(answer));
        }}
      >
        {label}
      </Button>
      {values.failed ? (
        <p className="field-error" role="alert">
          {t('thematic.classify.failed')}
        </p>
      ) : null}
      {empty ? (
        <p className="item-meta" role="status">
          {t('thematic.classify.empty')}
        </p>
      ) : null}
    </>
  );
}
