import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** The otpauth:// URL drawn as a QR code for an authenticator app to scan. */
export function QrCode({ text, label }: { text: string; label: string }) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toDataURL(text, { margin: 1, width: 200 })
      .then((url) => current && setDataUrl(url))
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
