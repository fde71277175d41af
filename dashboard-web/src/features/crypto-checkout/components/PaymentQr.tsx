import { Box } from '@mui/material';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** The wallet URI as a QR code, drawn in the browser (nothing leaves the page). */
export function PaymentQr({ uri }: { uri: string }) {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toDataURL(uri, { margin: 1, width: 220 }).then(
      (url) => current && setImage(url),
      () => current && setImage(null),
    );
    return () => {
      current = false;
    };
  }, [uri]);
  return <Box sx={{ width: 220, height: 220 }}>{image && <img src={image} width={220} height={220} alt="Codice QR del pagamento" data-uri={uri} />}</Box>;
}
