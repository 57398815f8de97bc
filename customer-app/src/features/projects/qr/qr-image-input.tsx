import ImageSearch from '@mui/icons-material/ImageSearch';
import Button from '@mui/material/Button';
import { useRef, useState } from 'react';
import { useI18n } from '../../../i18n/i18n';
import { imageDataOf, loadQrDecoder } from './qr-decoder';

interface QrImageInputProps {
  /** The decoded text of the QR code in the chosen picture. */
  onDecoded: (text: string) => void;
  /** Nothing readable, or the decoder failed: a message for the user. */
  onError: (message: string) => void;
}

/** Reads a QR code from a photo or screenshot, for devices without a camera or users who deny it. */
export function QrImageInput({ onDecoded, onError }: QrImageInputProps) {
  const { t } = useI18n();
  const input = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);
  const read = async (file: File | undefined) => {
    if (!file) return;
    setReading(true);
    try {
      const decoder = await loadQrDecoder();
      const text = await decoder.decode(await imageDataOf(file));
      if (text) onDecoded(text);
      else onError(t('qr.unreadable'));
    } catch {
      onError(t('qr.decoderFailed'));
    } finally {
      setReading(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        onChange={(event) => void read(event.target.files?.[0])}
      />
      <Button
        variant="outlined"
        startIcon={<ImageSearch />}
        onClick={() => input.current?.click()}
        disabled={reading}
        aria-busy={reading}
      >
        {reading ? t('qr.reading') : t('qr.fromImage')}
      </Button>
    </>
  );
}
