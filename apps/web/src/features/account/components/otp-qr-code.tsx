import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { Spinner } from '@/components/ui/spinner';

/** The otpauth:// URI as a QR code for authenticator apps; drawn locally, never sent anywhere. */
export function OtpQrCode({ uri }: { uri: string }) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    // Dark modules on white whatever the theme: scanners read dark-on-light most reliably.
    QRCode.toDataURL(uri, { margin: 1, width: 192, errorCorrectionLevel: 'M' })
      .then((url) => current && setDataUrl(url))
      .catch((error: unknown) => console.error('QR code rendering failed', error));
    return () => {
      current = false;
    };
  }, [uri]);

  return (
    <div className="mx-auto flex size-[12.5rem] shrink-0 items-center justify-center rounded-lg border bg-white p-1.5 md:mx-0">
      {dataUrl ? (
        <img
          src={dataUrl}
          width={192}
          height={192}
          alt="QR code to add Alpenkube to your authenticator app"
        />
      ) : (
        <Spinner size="sm" />
      )}
    </div>
  );
}
