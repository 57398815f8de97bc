import Skeleton from '@mui/material/Skeleton';
import { useEffect, useState } from 'react';

interface QrCodeImageProps {
  /** The text the QR code encodes. */
  value: string;
  /** What the code is, for screen readers (the text itself is shown beside it). */
  alt: string;
  size?: number;
}

/** A QR code drawn in the browser; the encoder loads with the first code shown. */
export function QrCodeImage({ value, alt, size = 220 }: QrCodeImageProps) {
  const [image, setImage] = useState<{ value: string; url: string } | null>(null);
  useEffect(() => {
    let current = true;
    void import('qrcode')
      .then(({ toDataURL }) => toDataURL(value, { errorCorrectionLevel: 'M', margin: 2, width: size * 2 }))
      .then((url) => {
        if (current) setImage({ value, url });
      });
    return () => {
      current = false;
    };
  }, [value, size]);
  if (image?.value !== value) return <Skeleton variant="rectangular" width={size} height={size} />;
  return <img src={image.url} alt={alt} width={size} height={size} style={{ display: 'block' }} />;
}
