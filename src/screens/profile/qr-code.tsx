import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** The otpauth:// URL drawn as a QR code for an authenticator app to scan. */
export function QrCode({ text, label }: { text: string; label: string }) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    // SVG text needs no canvas, so it renders the same in every browser and in tests.
    QRCode.toString(text, { type: 'svg', margin: 1 })
      .then((svg) => current && setDataUrl(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => current && setDataUrl(null));
    return () => {
      current = false;
    };
  }, [text]);
  return dataUrl ? (
    <img className="qr-code" src={dataUrl} alt={label} width={200} height={200} />
  ) : (
    <div className="qr-code qr-code-pending" role="img" aria-label={label} />
  );
}
