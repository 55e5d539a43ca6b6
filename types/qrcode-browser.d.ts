// qrcode's browser build (the package's `browser` field), as the client compiles against it: its
// own types describe the Node build too (files, streams, buffers) and bring Node's types with them.

export type QRCodeErrorCorrectionLevel = 'low' | 'medium' | 'quartile' | 'high' | 'L' | 'M' | 'Q' | 'H';

export interface QRCodeRenderersOptions {
  /** The symbol's version; the smallest that holds the text when left out. */
  version?: number;
  errorCorrectionLevel?: QRCodeErrorCorrectionLevel;
  /** The quiet zone's width in modules (4 by default). */
  margin?: number;
  /** Pixels per module (4 by default). */
  scale?: number;
  /** The image's width in pixels; takes precedence over `scale`. */
  width?: number;
  /** Dark and light modules' colours, hex RGBA. */
  color?: { dark?: string; light?: string };
}

export interface QRCodeToStringOptions extends QRCodeRenderersOptions {
  type?: 'utf8' | 'svg';
}

export interface QRCodeToDataURLOptions extends QRCodeRenderersOptions {
  type?: 'image/png' | 'image/jpeg' | 'image/webp';
}

export function toString(text: string, options?: QRCodeToStringOptions): Promise<string>;
export function toDataURL(text: string, options?: QRCodeToDataURLOptions): Promise<string>;
export function toCanvas(
  canvas: HTMLCanvasElement,
  text: string,
  options?: QRCodeRenderersOptions,
): Promise<void>;

declare const QRCode: {
  toString: typeof toString;
  toDataURL: typeof toDataURL;
  toCanvas: typeof toCanvas;
};
export default QRCode;
