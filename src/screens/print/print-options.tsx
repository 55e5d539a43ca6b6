import { useTranslation } from 'react-i18next';
import { NativeSelect } from '@/components/ui/native-select';
import { STANDARD_SCALES, type Orientation, type Paper } from './sheet-layout';

type PrintOptionsProps = {
  paper: Paper;
  orientation: Orientation;
  /** The scale the sheet prints at now. */
  scale: number | null;
  pickedScale: number | null;
  dpi: number;
  onPaper: (paper: Paper, orientation: Orientation) => void;
  onScale: (scale: number | null) => void;
  onDpi: (dpi: number) => void;
};

const DPIS = [96, 150, 300];

/** Paper, orientation, scale and resolution of the sheet. */
export function PrintOptions(props: PrintOptionsProps) {
  const { t, i18n } = useTranslation();
  const { paper, orientation, scale, pickedScale, dpi, onPaper, onScale, onDpi } = props;
  const numbers = new Intl.NumberFormat(i18n.language);
  const ratio = (value: number) => `1:${numbers.format(value)}`;
  // "As the preview" names the scale it prints at, so the user sees it change while zooming.
  const scaleOptions = [
    {
      value: 'preview',
      label: scale === null ? t('print.scale_preview') : t('print.scale_preview_at', { scale: ratio(scale) }),
    },
    ...STANDARD_SCALES.map((value) => ({ value: String(value), label: ratio(value) })),
  ];
  return (
    <>
      <NativeSelect<Paper>
        label={t('print.paper')}
        value={paper}
        options={[
          { value: 'a4', label: 'A4' },
          { value: 'a3', label: 'A3' },
        ]}
        onChange={(value) => onPaper(value, orientation)}
      />
      <NativeSelect<Orientation>
        label={t('print.orientation')}
        value={orientation}
        options={[
          { value: 'portrait', label: t('print.portrait') },
          { value: 'landscape', label: t('print.landscape') },
        ]}
        onChange={(value) => onPaper(paper, value)}
      />
      <NativeSelect
        label={t('print.scale')}
        value={pickedScale === null ? 'preview' : String(pickedScale)}
        options={scaleOptions}
        onChange={(value) => onScale(value === 'preview' ? null : Number(value))}
      />
      <NativeSelect
        label={t('print.resolution')}
        value={String(dpi)}
        options={DPIS.map((value) => ({ value: String(value), label: t('print.dpi', { dpi: value }) }))}
        onChange={(value) => onDpi(Number(value))}
      />
    </>
  );
}
