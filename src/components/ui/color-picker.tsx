import {
  Button,
  ColorArea,
  ColorField,
  ColorPicker as AriaColorPicker,
  ColorSlider,
  ColorSwatch,
  ColorSwatchPicker,
  ColorSwatchPickerItem,
  ColorThumb,
  Dialog,
  DialogTrigger,
  Input,
  Label,
  Popover,
  SliderTrack,
  parseColor,
  type Color,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { DARK2 } from './color-brewer';

/** Colours one click away: ColorBrewer's qualitative "Dark2" and "Set1", distinct on a map. */
const PRESETS = [
  // Dark2 without its grey: the greys come last.
  ...DARK2.slice(0, 7),
  '#e41a1c',
  '#377eb8',
  '#4daf4a',
  '#984ea3',
  '#ff7f00',
  '#252525',
  '#969696',
  '#ffffff',
];

const HEX = /^#[0-9a-f]{6}([0-9a-f]{2})?$/i;

function toColor(value: string): Color {
  return parseColor(HEX.test(value) ? value : '#888888');
}

type ColorPickerProps = {
  label: string;
  /** `#rrggbb`, or `#rrggbbaa` when `withAlpha`. */
  value: string;
  onChange: (value: string) => void;
  /** Show an opacity slider and answer `#rrggbbaa` (polygon fills). */
  withAlpha?: boolean;
};

/**
 * A colour field: a swatch button that opens a saturation/brightness area, a hue slider
 * (and opacity), preset swatches and the hex code, all react-aria so keys and screen
 * readers work. The value is a lower-case hex string as the API stores it.
 */
export function ColorPicker({ label, value, onChange, withAlpha = false }: ColorPickerProps) {
  const { t } = useTranslation();
  const color = toColor(value);
  const emit = (next: Color) => {
    const hex = (
      withAlpha && next.getChannelValue('alpha') < 1 ? next.toString('hexa') : next.toString('hex')
    ).toLowerCase();
    onChange(hex);
  };
  return (
    <AriaColorPicker value={color} onChange={emit}>
      <DialogTrigger>
        <Button className="color-picker-button" aria-label={`${label}: ${value}`}>
          <ColorSwatch className="color-swatch" />
          <span className="color-picker-text">
            <span className="color-picker-label">{label}</span>
            <span className="color-picker-value">{value}</span>
          </span>
        </Button>
        <Popover className="color-picker-popover" placement="bottom start">
          <Dialog className="color-picker-dialog" aria-label={t('thematic.editor.pick_color')}>
            <ColorArea className="color-area" colorSpace="hsb" xChannel="saturation" yChannel="brightness">
              <ColorThumb className="color-thumb" />
            </ColorArea>
            <ColorSlider className="color-slider" colorSpace="hsb" channel="hue">
              <SliderTrack className="color-slider-track">
                <ColorThumb className="color-thumb" />
              </SliderTrack>
            </ColorSlider>
            {withAlpha ? (
              <ColorSlider className="color-slider" channel="alpha">
                <SliderTrack className="color-slider-track">
                  <ColorThumb className="color-thumb" />
                </SliderTrack>
              </ColorSlider>
            ) : null}
            <ColorSwatchPicker className="color-swatch-picker">
              {PRESETS.map((preset) => (
                <ColorSwatchPickerItem key={preset} color={preset} className="color-swatch-picker-item">
                  <ColorSwatch className="color-swatch" />
                </ColorSwatchPickerItem>
              ))}
            </ColorSwatchPicker>
            <ColorField className="field color-hex-field">
              <Label className="field-label">{t('thematic.editor.hex')}</Label>
              <Input className="field-input" />
            </ColorField>
          </Dialog>
        </Popover>
      </DialogTrigger>
    </AriaColorPicker>
  );
}
