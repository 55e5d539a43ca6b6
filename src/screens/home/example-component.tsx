import { useTranslation } from 'react-i18next';
import { Card } from '../../components/ui/card';

/** The demo card docs/product.md#what-it-does keeps in the product. */
export function ExampleComponent() {
  const { t } = useTranslation();
  return (
    <Card title={t('home.example_title')}>
      <p>{t('home.example_text')}</p>
    </Card>
  );
}
